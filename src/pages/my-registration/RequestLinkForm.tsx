// "Email me my link": the one thing /my-registration offers without a secret, and what a wrong,
// altered or expired link shows. The answer is the same whether or not the address has a
// registration (request_team_link answers the same either way), so the form cannot be used to
// find out who registered; only an address that is not one, or too many tries, is refused.
import { useState } from 'react';
import { EmailField } from '../../components/FormField';
import { FormSubmit } from '../../components/FormSubmit';
import { Honeypot } from '../../components/Honeypot';
import { useDb } from '../../data/dbContext';
import { SubmissionError } from '../../data/submissions';
import { requestTeamLink } from '../../data/teamPage';
import { useForm } from '../../lib/useForm';
import { email, fieldProblem, type FieldErrors } from '../../lib/validation';

export const LINK_SENT = 'If that address has a registration, we have sent its link.';
export const LINK_RATE_LIMITED =
  'Several links were asked for from this address or network in a short time. Please try again in an hour.';
export const LINK_FAILED = 'Your request could not be sent. Please try again.';

type Values = { email: string; website: string };

function validate(values: Values): FieldErrors<keyof Values> {
  return {
    email: fieldProblem(values.email, {
      required: 'Please enter the email address you registered with.',
      rules: [email],
    }),
  };
}

export function RequestLinkForm() {
  const db = useDb();
  const form = useForm<Values>({ email: '', website: '' }, validate);
  const [sent, setSent] = useState(false);

  const submit = form.onSubmit(async (values) => {
    setSent(false);
    try {
      await requestTeamLink(values.email, values.website, db);
    } catch (error) {
      console.warn('Could not ask for the team link', error);
      if (form.refuse(error)) return;
      if (error instanceof SubmissionError && error.reason === 'rate-limited')
        return form.fail(LINK_RATE_LIMITED);
      return form.fail(LINK_FAILED);
    }
    setSent(true);
  });

  return (
    <form onSubmit={submit} noValidate className="max-w-xl space-y-5" aria-label="Email me my link">
      <p className="text-ink-muted">
        Enter the lead driver&apos;s email address and we will email the link to your team&apos;s
        page, where you can see what is paid, pay the balance, change your details or cancel.
      </p>
      <EmailField label="Lead driver's email" required {...form.field('email')} />
      <Honeypot {...form.field('website')} />
      <FormSubmit sending={form.sending} success={sent ? LINK_SENT : null} failure={form.failure}>
        Email me my link
      </FormSubmit>
    </form>
  );
}
