// "Join the waiting list" on /sign-up while the current edition is full: name, email and phone by
// the registration form's rules, and consent to be contacted about a place in the wording the
// database keeps under its version (src/config/consent.ts). join_waiting_list answers the
// visitor's place in the queue; a freed place is then offered to the first person waiting by
// email. A refused field is shown beside it, and what was typed stays when anything fails.
import { useState } from 'react';
import { CheckboxField, EmailField, FormMessage, TextField } from '../../components/FormField';
import { FormSubmit } from '../../components/FormSubmit';
import { Honeypot } from '../../components/Honeypot';
import { WAITING_LIST_CONSENT } from '../../config/consent';
import { registrationLimits as limits } from '../../config/forms';
import { useDb } from '../../data/dbContext';
import { SubmissionError } from '../../data/submissions';
import { joinWaitingList, type WaitingListInput } from '../../data/waitingList';
import { PHONE_HINT, phone } from '../../lib/field-rules';
import { useForm } from '../../lib/useForm';
import {
  email,
  fieldProblem,
  isTooLong,
  shortenMessage,
  type FieldErrors,
} from '../../lib/validation';

const blank: WaitingListInput = { name: '', email: '', phone: '', consent: false, website: '' };

export const WAITING_LIST_FAILED =
  'Something went wrong, so you are not on the waiting list yet. Please try again.';
export const WAITING_LIST_RATE_LIMITED =
  'Several sign-ups were sent from this address or network in a short time. Please try again in an hour.';
export const CONSENT_REQUIRED =
  'Please agree to be contacted about a place, so that we can offer you one.';

/** What the visitor reads once they are on the list. */
export const onTheList = (position: number) =>
  `You are on the waiting list: number ${position}. We will email you if a place becomes free.`;

function validate(values: WaitingListInput): FieldErrors<keyof WaitingListInput> {
  const errors: FieldErrors<keyof WaitingListInput> = {};
  errors.name = fieldProblem(values.name, { required: 'Please enter your full name.' });
  if (!errors.name && isTooLong(values.name, limits.name))
    errors.name = shortenMessage('your name', limits.name);
  errors.email = fieldProblem(values.email, {
    required: 'Please enter your email address.',
    rules: [email],
  });
  errors.phone = fieldProblem(values.phone, {
    required: 'Please enter your phone number.',
    rules: [phone],
  });
  if (!values.consent) errors.consent = CONSENT_REQUIRED;
  return errors;
}

export function WaitingListForm({
  editionName,
  onPlacesLeft,
}: {
  editionName: string;
  /** The database said places are free again: the page counts them again and offers the form. */
  onPlacesLeft: () => void;
}) {
  const db = useDb();
  const form = useForm(blank, validate);
  const [position, setPosition] = useState<number | null>(null);

  const submit = form.onSubmit(async (values) => {
    try {
      setPosition(await joinWaitingList(values, db));
    } catch (error) {
      console.warn('Could not join the waiting list', error);
      if (form.refuse(error)) return;
      if (error instanceof SubmissionError && error.reason === 'places-left') {
        form.fail(`A place on the ${editionName} is free again, so you can register now.`);
        return onPlacesLeft();
      }
      // Outside the registration window the list is closed too: the calendar's sentence.
      if (error instanceof SubmissionError && error.reason === 'not-open')
        return form.fail(error.visitorMessage ?? WAITING_LIST_FAILED);
      if (error instanceof SubmissionError && error.reason === 'rate-limited')
        return form.fail(WAITING_LIST_RATE_LIMITED);
      form.fail(WAITING_LIST_FAILED);
    }
  });

  if (position !== null) return <FormMessage tone="success">{onTheList(position)}</FormMessage>;
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Join the waiting list">
      <h3 className="text-lg font-semibold text-slate-900">Join the waiting list</h3>
      <p className="text-slate-700">
        When a place becomes free we offer it to the first person waiting, by email, with a link to
        register that holds the place for a limited time.
      </p>
      <TextField
        label="Full name"
        required
        autoComplete="name"
        limit={limits.name}
        {...form.field('name')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <EmailField label="Email" required {...form.field('email')} />
        <TextField
          label="Phone"
          type="tel"
          required
          autoComplete="tel"
          hint={PHONE_HINT}
          {...form.field('phone')}
        />
      </div>
      <CheckboxField required label={WAITING_LIST_CONSENT.wording} {...form.checkbox('consent')} />
      <Honeypot {...form.field('website')} />
      <FormSubmit
        sending={form.sending}
        sendingLabel="Joining..."
        failure={form.failure}
        look="primary"
      >
        Join the waiting list
      </FormSubmit>
    </form>
  );
}
