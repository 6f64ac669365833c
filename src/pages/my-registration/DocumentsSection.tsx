// "Documents" on the team's page (issue 25): what the terms require before a car may start. Each
// document (each driver's licence, the insurance certificate, the MOT) is a DocumentItem: its
// state, "View" and an upload. Below, each driver's date of birth, licence and emergency
// contact and the car's insurance and MOT expiries, checked here as the database checks them and
// refused beside the field, with what was typed kept. The page loads this section on its own (it
// carries the functions' client), after the rest of the team's page.
import { useState, type ReactNode } from 'react';
import { FormMessage, TextField } from '../../components/FormField';
import { VehicleFields } from '../../components/VehicleFields';
import { LoadFailed } from '../../components/LoadFailed';
import { FormSubmit } from '../../components/FormSubmit';
import { Spinner } from '../../components/Spinner';
import { registrationLimits as limits } from '../../config/forms';
import { useDb } from '../../data/dbContext';
import { SubmissionError } from '../../data/submissions';
import {
  documentsDetailsOf,
  getTeamReadiness,
  updateTeamDocumentsDetails,
  type DocumentsDetails,
  type TeamReadiness,
} from '../../data/teamDocuments';
import type { TeamPage } from '../../data/teamPage';
import { documentsFieldErrors, LICENCE_NUMBER_LIMIT } from '../../lib/document-fields';
import { PHONE_HINT } from '../../lib/field-rules';
import { formatLongDate } from '../../../supabase/functions/_shared/formats/dates';
import { useForm } from '../../lib/useForm';
import { useLoad } from '../../lib/useLoad';
import { localDay } from '../../lib/useNow';
import { DocumentItem } from './DocumentItem';
import { refusalSentence } from './EditDetailsForm';

export const DOCUMENTS_SAVE_FAILED = 'Your documents could not be saved. Please try again.';
export const DOCUMENTS_LOAD_FAILED =
  'Your documents could not be loaded. Please check your connection and try again.';

function DriverFields({
  who,
  legend,
  form,
}: {
  who: 'lead' | 'co';
  legend: string;
  form: ReturnType<typeof useForm<DocumentsDetails>>;
}) {
  return (
    <fieldset className="space-y-5 rounded-2xl border border-slate-200 p-5 sm:p-6">
      <legend className="px-2 text-lg font-bold text-slate-900">{legend}</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Date of birth" type="date" {...form.field(`${who}DateOfBirth`)} />
        <TextField
          label="Driving licence number"
          autoComplete="off"
          limit={LICENCE_NUMBER_LIMIT}
          {...form.field(`${who}LicenceNumber`)}
        />
        <TextField label="Licence valid until" type="date" {...form.field(`${who}LicenceExpiry`)} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Emergency contact name"
          autoComplete="off"
          limit={limits.emergencyContactName}
          {...form.field(`${who}EmergencyContactName`)}
        />
        <TextField
          label="Emergency contact phone"
          type="tel"
          autoComplete="off"
          hint={PHONE_HINT}
          {...form.field(`${who}EmergencyContactPhone`)}
        />
      </div>
    </fieldset>
  );
}

function DocumentsDetailsForm({
  secret,
  team,
  readiness,
  withCoDriver,
  onSaved,
}: {
  secret: string;
  team: TeamPage;
  readiness: TeamReadiness;
  withCoDriver: boolean;
  onSaved: (next: TeamReadiness | null) => void;
}) {
  const db = useDb();
  const [saved, setSaved] = useState(false);
  const form = useForm<DocumentsDetails>(documentsDetailsOf(readiness), (values) =>
    documentsFieldErrors(values, team.edition, withCoDriver, localDay(new Date())),
  );
  const submit = form.onSubmit(async (values) => {
    setSaved(false);
    let next: TeamReadiness | null;
    try {
      next = await updateTeamDocumentsDetails(secret, values, withCoDriver, db);
    } catch (error) {
      console.warn('Could not save the documents', error);
      if (form.refuse(error)) return;
      if (error instanceof SubmissionError && error.status === 409)
        return form.fail(refusalSentence(error) ?? DOCUMENTS_SAVE_FAILED);
      return form.fail(DOCUMENTS_SAVE_FAILED);
    }
    setSaved(true);
    onSaved(next);
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label="Drivers and car">
      <DriverFields who="lead" legend="Lead driver" form={form} />
      {withCoDriver ? <DriverFields who="co" legend="Co-driver" form={form} /> : null}
      <fieldset className="space-y-5 rounded-2xl border border-slate-200 p-5 sm:p-6">
        <legend className="px-2 text-lg font-bold text-slate-900">Car</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <VehicleFields field={form.field} model={form.field('vehicleModel')} />
          <TextField
            label="Insurance valid until"
            type="date"
            hint="The certificate must cover every country of the route."
            {...form.field('insuranceExpiry')}
          />
          <TextField label="MOT valid until" type="date" {...form.field('motExpiry')} />
        </div>
      </fieldset>
      <FormSubmit
        sending={form.sending}
        sendingLabel="Saving..."
        success={saved ? 'Your documents have been saved.' : null}
        failure={form.failure}
        look="primary"
      >
        Save documents
      </FormSubmit>
    </form>
  );
}

export function DocumentsSection({
  secret,
  team,
  teamPack,
}: {
  secret: string;
  team: TeamPage;
  /** What the page offers once the documents are in (the team pack), given the documents. */
  teamPack?: (readiness: TeamReadiness) => ReactNode;
}) {
  const db = useDb();
  const loaded = useLoad<TeamReadiness | null | undefined>(
    `team-readiness:${secret}`,
    () => getTeamReadiness(secret, db),
    { empty: undefined },
  );
  // What a save answered, shown until the next load (which then answers the same).
  const [savedReadiness, setSaved] = useState<{
    over: TeamReadiness | null | undefined;
    readiness: TeamReadiness;
  } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const readiness =
    savedReadiness && savedReadiness.over === loaded.data ? savedReadiness.readiness : loaded.data;

  let body: ReactNode;
  if (loaded.loading) body = <Spinner label="Loading your documents..." />;
  else if (readiness === undefined)
    body = <LoadFailed message={DOCUMENTS_LOAD_FAILED} onRetry={loaded.reload} />;
  else if (readiness === null) body = null;
  else {
    // The database's rule: a team with a co-driver's name owes the co-driver's section.
    const withCoDriver = readiness.details.co !== null;
    const accepted = readiness.items.filter((item) => item.status === 'accepted').length;
    body = (
      <>
        <p role="status" className="text-lg font-semibold text-ink">
          {readiness.ready
            ? 'Ready to drive: every document has been accepted.'
            : `${accepted} of ${readiness.items.length} documents accepted.`}
        </p>
        {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
        {readiness.items.length === 0 ? (
          <p className="text-ink-muted">No documents are asked of your team yet.</p>
        ) : (
          <ul aria-label="Your documents" className="divide-y divide-slate-200">
            {readiness.items.map((item) => (
              <DocumentItem
                key={item.kind}
                secret={secret}
                item={item}
                onSent={(fileName) => {
                  setNotice(`${fileName} was sent. The organisers will check it.`);
                  loaded.reload();
                }}
              />
            ))}
          </ul>
        )}
        {teamPack ? teamPack(readiness) : null}
        <DocumentsDetailsForm
          secret={secret}
          team={team}
          readiness={readiness}
          withCoDriver={withCoDriver}
          onSaved={(next) => {
            if (next) setSaved({ over: loaded.data, readiness: next });
            else loaded.reload();
          }}
        />
      </>
    );
  }
  return (
    <section
      aria-labelledby="documents-heading"
      className="space-y-6 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id="documents-heading" className="text-2xl font-bold text-ink">
        Documents
      </h2>
      <p className="text-ink-muted">
        The terms ask for each driver&apos;s licence, the car&apos;s insurance certificate (covering
        every country of the route) and its MOT or equivalent, valid until{' '}
        {formatLongDate(team.edition.end_date)}. Photos or scans as JPEG, PNG or PDF, up to 10 MB
        each. Only you, through this link, and the organisers can see them.
      </p>
      {body}
    </section>
  );
}

export default DocumentsSection;
