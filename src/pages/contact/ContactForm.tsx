import { useState } from 'react';
import { EmailField, SelectField, TextAreaField, TextField } from '../../components/FormField';
import { FormSubmit } from '../../components/FormSubmit';
import { Honeypot } from '../../components/Honeypot';
import { contactLimits, contactSubjects } from '../../config/forms';
import { sendContactMessage } from '../../data/contactMessages';
import { useDb } from '../../data/dbContext';
import { SubmissionError } from '../../data/submissions';
import { formatWholeNumber } from '../../lib/format';
import { useForm } from '../../lib/useForm';
import {
  characterCount,
  email,
  fieldProblem,
  isTooLong,
  shortenMessage,
  type FieldErrors,
} from '../../lib/validation';

export const CONTACT_SENT = "Thank you for your message! We'll get back to you soon.";
export const CONTACT_FAILED = 'Something went wrong. Please try again later.';
export const CONTACT_RATE_LIMITED =
  'You have sent several messages in a short time, so this one was not sent. Please try again in an hour.';

type ContactValues = {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  website: string;
};
const blank: ContactValues = {
  name: '',
  email: '',
  phone: '',
  subject: '',
  message: '',
  website: '',
};

const shorten = (what: string, max: number) => shortenMessage(`your ${what}`, max);

function validate(values: ContactValues): FieldErrors<keyof ContactValues> {
  const errors: FieldErrors<keyof ContactValues> = {};
  errors.name = fieldProblem(values.name, { required: 'Please enter your name.' });
  if (!errors.name && isTooLong(values.name, contactLimits.name))
    errors.name = shorten('name', contactLimits.name);
  errors.email = fieldProblem(values.email, {
    required: 'Please enter your email address.',
    rules: [email],
  });
  if (isTooLong(values.phone, contactLimits.phone))
    errors.phone = shorten('phone number', contactLimits.phone);
  if (!contactSubjects.some((subject) => subject.value === values.subject))
    errors.subject = 'Please choose a subject.';
  errors.message = fieldProblem(values.message, { required: 'Please enter your message.' });
  if (!errors.message && isTooLong(values.message, contactLimits.message))
    errors.message = shorten('message', contactLimits.message);
  return errors;
}

/** The message's limit, and how much of it is left, under the field as the visitor types. */
function messageHint(message: string): string {
  const limit = `Up to ${formatWholeNumber(contactLimits.message)} characters`;
  const left = contactLimits.message - characterCount(message);
  return left >= 0
    ? `${limit}: ${formatWholeNumber(left)} left.`
    : `${limit}: ${formatWholeNumber(-left)} too many.`;
}

export function ContactForm() {
  const db = useDb();
  const form = useForm(blank, validate);
  const [sent, setSent] = useState(false);

  const submit = form.onSubmit(async (values) => {
    const subject = contactSubjects.find((option) => option.value === values.subject);
    if (!subject) return;
    setSent(false);
    try {
      await sendContactMessage({ ...values, subject: subject.value }, db);
      form.reset();
      setSent(true);
    } catch (error) {
      console.warn('Could not send the contact message', error);
      if (form.refuse(error)) return;
      const limited = error instanceof SubmissionError && error.reason === 'rate-limited';
      form.fail(limited ? CONTACT_RATE_LIMITED : CONTACT_FAILED);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Contact">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Name"
          required
          autoComplete="name"
          limit={contactLimits.name}
          {...form.field('name')}
        />
        <EmailField label="Email" required {...form.field('email')} />
        <TextField
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          limit={contactLimits.phone}
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
      <TextAreaField
        label="Message"
        required
        hint={messageHint(form.values.message)}
        {...form.field('message')}
      />
      <Honeypot {...form.field('website')} />
      <FormSubmit
        sending={form.sending}
        success={sent ? CONTACT_SENT : null}
        failure={form.failure}
      >
        Send Message
      </FormSubmit>
    </form>
  );
}
