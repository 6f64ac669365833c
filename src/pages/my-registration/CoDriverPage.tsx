// /my-registration/co-driver/<secret>: the co-driver's own section, reached by the link in the
// co-driver's copies of the rally's emails. It shows and changes only the co-driver's own name,
// email and phone, date of birth, licence and emergency contact (until the edition's cut-off),
// and says where their licence stands: nothing of the lead driver, the money or the
// cancellation, which the co-driver's secret does not open. A link that opens nothing shows
// nothing personal and points to the lead driver's "Email me my link".
//
// Private, as the team's page: never indexed, never prerendered, no Referer.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { EmailField, FormMessage, TextField } from '../../components/FormField';
import { LoadFailed } from '../../components/LoadFailed';
import { FormSubmit } from '../../components/FormSubmit';
import { PageHero, Section } from '../../components/PageHero';
import { PrivateHead } from '../../components/PrivateHead';
import { Spinner } from '../../components/Spinner';
import { registrationLimits as limits } from '../../config/forms';
import {
  coDriverDetailsOf,
  getCoDriverPage,
  updateCoDriverDetails,
  type CoDriverDetails,
  type CoDriverPage as CoDriverSection,
} from '../../data/coDriver';
import { useDb } from '../../data/dbContext';
import { LINK_NOT_VALID } from '../../data/teamPage';
import { SubmissionError } from '../../data/submissions';
import { phone, PHONE_HINT } from '../../lib/field-rules';
import { formatLongDate } from '../../../supabase/functions/_shared/formats/dates';
import { useForm } from '../../lib/useForm';
import { useLoad } from '../../lib/useLoad';
import {
  email,
  fieldProblem,
  isTooLong,
  shortenMessage,
  type FieldErrors,
} from '../../lib/validation';
import type { ReadinessItem } from '../../data/teamDocuments';
import { DocumentItem } from './DocumentItem';
import { refusalSentence } from './EditDetailsForm';

export const CO_DRIVER_SAVE_FAILED = 'Your details could not be saved. Please try again.';

/** The sign-up's rules for the co-driver's fields (lib/team-fields.ts), and a name, required here. */
function coDriverErrors(values: CoDriverDetails): FieldErrors<keyof CoDriverDetails> {
  const errors: FieldErrors<keyof CoDriverDetails> = {};
  errors.coDriverName = fieldProblem(values.coDriverName, {
    required: 'Please enter your full name.',
  });
  if (!errors.coDriverName && isTooLong(values.coDriverName, limits.name))
    errors.coDriverName = shortenMessage('your name', limits.name);
  errors.coDriverEmail = fieldProblem(values.coDriverEmail, { rules: [email] });
  errors.coDriverPhone = fieldProblem(values.coDriverPhone, { rules: [phone] });
  errors.coEmergencyContactPhone = fieldProblem(values.coEmergencyContactPhone, { rules: [phone] });
  return errors;
}

function CoDriverForm({ secret, section }: { secret: string; section: CoDriverSection }) {
  const db = useDb();
  const [saved, setSaved] = useState<CoDriverSection | null>(null);
  const form = useForm<CoDriverDetails>(coDriverDetailsOf(section), coDriverErrors);
  const shown = saved ?? section;
  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await updateCoDriverDetails(secret, values, db);
      if (answer) setSaved(answer);
    } catch (error) {
      console.warn('Could not save the co-driver’s details', error);
      if (form.refuse(error)) return;
      if (error instanceof SubmissionError && error.status === 409)
        return form.fail(refusalSentence(error) ?? CO_DRIVER_SAVE_FAILED);
      return form.fail(CO_DRIVER_SAVE_FAILED);
    }
  });
  if (shown.cancelled)
    return (
      <p role="status" className="rounded-2xl bg-slate-100 p-5 text-lg font-semibold text-ink">
        This registration was cancelled.
      </p>
    );
  if (!shown.details_editable)
    return (
      <p className="text-ink-muted">
        Your details could be changed until {formatLongDate(shown.details_editable_until)}. To
        change anything now, please contact the organisers.
      </p>
    );
  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label="Your driver details">
      {saved ? <FormMessage tone="success">Your details have been saved.</FormMessage> : null}
      <TextField
        label="Full name"
        required
        autoComplete="name"
        limit={limits.name}
        {...form.field('coDriverName')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <EmailField label="Email" {...form.field('coDriverEmail')} />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          hint={PHONE_HINT}
          {...form.field('coDriverPhone')}
        />
      </div>
      <fieldset className="space-y-5 rounded-2xl border border-slate-200 p-5 sm:p-6">
        <legend className="px-2 text-lg font-bold text-slate-900">
          Licence and emergency contact
        </legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Date of birth" type="date" {...form.field('coDateOfBirth')} />
          <TextField label="Licence number" limit={40} {...form.field('coLicenceNumber')} />
          <TextField label="Licence expiry" type="date" {...form.field('coLicenceExpiry')} />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Emergency contact name"
            autoComplete="off"
            limit={limits.emergencyContactName}
            {...form.field('coEmergencyContactName')}
          />
          <TextField
            label="Emergency contact phone"
            type="tel"
            autoComplete="off"
            hint={PHONE_HINT}
            {...form.field('coEmergencyContactPhone')}
          />
        </div>
      </fieldset>
      <p className="text-ink-muted">
        You can change these until {formatLongDate(shown.details_editable_until)}.
      </p>
      <FormSubmit
        sending={form.sending}
        sendingLabel="Saving..."
        failure={form.failure}
        look="primary"
      >
        Save my details
      </FormSubmit>
    </form>
  );
}

/**
 * The co-driver's licence: its state, and an upload through the co-driver's own link (the
 * team-documents function takes this secret for this document only). After a file is sent, only
 * this item is read again, so nothing typed into the form above is lost.
 */
function CoDriverLicence({ secret, initial }: { secret: string; initial: ReadinessItem }) {
  const db = useDb();
  const [item, setItem] = useState(initial);
  const [notice, setNotice] = useState<string | null>(null);
  const sent = async (fileName: string) => {
    setNotice(`${fileName} was sent. The organisers will check it.`);
    setItem((shown) => ({ ...shown, status: 'submitted', reason: null, file_name: fileName }));
    try {
      const page = await getCoDriverPage(secret, db);
      if (page?.licence) setItem(page.licence);
    } catch (error) {
      // The file was sent; the state shown is what sending it made.
      console.warn('Could not read the licence again', error);
    }
  };
  return (
    <section aria-labelledby="co-driver-licence" className="space-y-2">
      <h3 id="co-driver-licence" className="text-xl font-bold text-ink">
        Your driving licence
      </h3>
      <p className="text-ink-muted">
        A photo (JPEG or PNG) or a PDF of both sides, up to 10 MB. The organisers check it before
        the rally.
      </p>
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <ul aria-label="Your documents" className="divide-y divide-slate-200">
        <DocumentItem secret={secret} item={item} onSent={(fileName) => void sent(fileName)} />
      </ul>
    </section>
  );
}

function CoDriverBySecret({ secret }: { secret: string }) {
  const db = useDb();
  const { data, loading, reload } = useLoad<CoDriverSection | null | undefined>(
    `co-driver:${secret}`,
    () => getCoDriverPage(secret, db),
    { empty: undefined },
  );
  if (loading) return <Spinner label="Loading your details..." />;
  if (data === undefined)
    return (
      <LoadFailed
        message="Your details could not be loaded. Please check your connection and try again."
        onRetry={reload}
      />
    );
  if (data === null)
    return (
      <div className="space-y-4">
        <h2 className="text-2xl font-bold text-ink">{LINK_NOT_VALID}</h2>
        <p className="text-ink-muted">
          Your next email from the rally carries a fresh link. The lead driver can also ask for the
          team page&apos;s link.
        </p>
      </div>
    );
  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-bold text-ink">
        {data.team_name ? `${data.team_name}: co-driver` : 'Co-driver'}
      </h2>
      <p className="text-ink-muted">
        {`${data.edition.name}. Keep your own details up to date here; the lead driver looks after the rest of the registration.`}
      </p>
      <CoDriverForm secret={secret} section={data} />
      {data.licence && !data.cancelled ? (
        <CoDriverLicence secret={secret} initial={data.licence} />
      ) : null}
    </div>
  );
}

export default function CoDriverPage() {
  const { secret } = useParams();
  return (
    <>
      <PrivateHead title="Your driver details" />
      <PageHero title="Your driver details">
        <p>The co-driver&apos;s own section of the registration.</p>
      </PageHero>
      <Section>
        {secret ? <CoDriverBySecret key={secret} secret={secret} /> : <h2>{LINK_NOT_VALID}</h2>}
      </Section>
    </>
  );
}
