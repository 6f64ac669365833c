import { useState } from 'react';
import { EmailField, SelectField, TextAreaField, TextField } from '../../components/FormField';
import { FormSubmit } from '../../components/FormSubmit';
import type { ContactSubject } from '../../data/types';
import { sendContactMessage } from '../../data/contactMessages';
import { useDb } from '../../data/dbContext';
import { useForm } from '../../lib/useForm';
import { isBlank, isEmail, type FieldErrors } from '../../lib/validation';

export const CONTACT_SENT = "Thank you for your message! We'll get back to you soon.";
export const CONTACT_FAILED = 'Something went wrong. Please try again later.';

export const contactSubjects: readonly { value: ContactSubject; label: string }[] = [
  { value: 'general', label: 'General enquiry' },
  { value: 'rally', label: 'The 2026 rally' },
  { value: 'sponsorship', label: 'Sponsorship' },
  { value: 'charity', label: 'The charity' },
  { value: 'media', label: 'Media and press' },
  { value: 'other', label: 'Other' },
];

type ContactValues = {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
};
const blank: ContactValues = { name: '', email: '', phone: '', subject: '', message: '' };

function validate(values: ContactValues): FieldErrors<keyof ContactValues> {
  const errors: FieldErrors<keyof ContactValues> = {};
  if (isBlank(values.name)) errors.name = 'Please enter your name.';
  if (isBlank(values.email)) errors.email = 'Please enter your email address.';
  else if (!isEmail(values.email)) errors.email = 'Please enter a valid email address.';
  if (!contactSubjects.some((subject) => subject.value === values.subject))
    errors.subject = 'Please choose a subject.';
  if (isBlank(values.message)) errors.message = 'Please enter your message.';
  return errors;
}

export function ContactForm() {
  const db = useDb();
  const form = useForm(blank, validate);
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');

  const submit = form.onSubmit(async (values) => {
    const subject = contactSubjects.find((option) => option.value === values.subject);
    if (!subject) return;
    setStatus('sending');
    try {
      await sendContactMessage({ ...values, subject: subject.value }, db);
      form.reset();
      setStatus('sent');
    } catch (error) {
      console.warn('Could not send the contact message', error);
      setStatus('failed');
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Contact">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" required autoComplete="name" {...form.field('name')} />
        <EmailField label="Email" required {...form.field('email')} />
        <TextField
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          {...form.field('phone')}
        />
        <SelectField
          label="Subject"
          required
          placeholder="Choose a subject"
          options={contactSubjects}
          {...form.field('subject')}
        />
      </div>
      <TextAreaField label="Message" required {...form.field('message')} />
      <FormSubmit
        sending={status === 'sending'}
        success={status === 'sent' ? CONTACT_SENT : null}
        failure={status === 'failed' ? CONTACT_FAILED : null}
      >
        Send Message
      </FormSubmit>
    </form>
  );
}
