// "Documents" on the team's page (issue 25): what the terms require before a car may start. Each
// document (each driver's licence, the insurance certificate, the MOT) shows whether it is
// missing, submitted, accepted or rejected with the organiser's reason, with "View" (a signed URL
// valid a minute) and an upload checked here for type and size before it is sent (the Edge
// Function checks the bytes again). Below, each driver's date of birth, licence and emergency
// contact and the car's insurance and MOT expiries, checked here as the database checks them and
// refused beside the field, with what was typed kept. The page loads this section on its own (it
// carries the functions' client), after the rest of the team's page.
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { FileUp } from 'lucide-react';
import { FormMessage, TextField } from '../../components/FormField';
import { FormSubmit } from '../../components/FormSubmit';
import { Spinner } from '../../components/Spinner';
import { registrationLimits as limits } from '../../config/forms';
import { useDb } from '../../data/dbContext';
import { FunctionError } from '../../data/functions';
import { SubmissionError } from '../../data/submissions';
import {
  DOCUMENT_ACCEPT,
  documentFileProblem,
  documentsDetailsOf,
  documentStatusLabel,
  getTeamReadiness,
  teamDocumentUrl,
  updateTeamDocumentsDetails,
  uploadTeamDocument,
  UPLOAD_FAILED,
  VIEW_FAILED,
  type DocumentsDetails,
  type ReadinessItem,
  type TeamReadiness,
} from '../../data/teamDocuments';
import type { TeamPage } from '../../data/teamPage';
import { documentsFieldErrors, LICENCE_NUMBER_LIMIT } from '../../lib/document-fields';
import { PHONE_HINT } from '../../lib/field-rules';
import { formatBytes, formatLongDate } from '../../lib/format';
import { openSignedUrl } from '../../lib/openSignedUrl';
import { useForm } from '../../lib/useForm';
import { useLoad } from '../../lib/useLoad';
import { localDay } from '../../lib/useNow';
import { refusalSentence } from './EditDetailsForm';

export const DOCUMENTS_SAVE_FAILED = 'Your documents could not be saved. Please try again.';
export const DOCUMENTS_LOAD_FAILED =
  'Your documents could not be loaded. Please check your connection and try again.';

const STATUS_CLASSES: Record<ReadinessItem['status'], string> = {
  missing: 'bg-slate-100 text-slate-800',
  submitted: 'bg-amber-100 text-amber-900',
  accepted: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
};

/** "View": asks for a signed URL and opens it in a new tab; a failure is said beside it. */
function ViewDocument({ secret, item }: { secret: string; item: ReadinessItem }) {
  const [opening, setOpening] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const view = async () => {
    setOpening(true);
    setFailure(null);
    try {
      openSignedUrl(await teamDocumentUrl(secret, item.kind));
    } catch (error) {
      console.warn('Could not open the document', error);
      setFailure(error instanceof FunctionError ? error.message : VIEW_FAILED);
    } finally {
      setOpening(false);
    }
  };
  return (
    <>
      <button
        type="button"
        onClick={() => void view()}
        disabled={opening}
        aria-label={`View ${item.label}`}
        className="font-semibold text-blue-800 underline disabled:opacity-60"
      >
        {opening ? 'Opening...' : 'View'}
      </button>
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
    </>
  );
}

/** Choosing a file sends it at once, after the browser's own check of its type and size. */
function UploadDocument({
  secret,
  item,
  onSent,
}: {
  secret: string;
  item: ReadinessItem;
  onSent: (fileName: string) => void;
}) {
  const id = useId();
  const [sending, setSending] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setProblem(null);
    const refused = documentFileProblem(file);
    if (refused) {
      setProblem(refused);
      input.value = '';
      return;
    }
    setSending(file);
    try {
      await uploadTeamDocument(secret, item.kind, file);
      onSent(file.name);
    } catch (error) {
      console.warn('Could not upload the document', error);
      setProblem(error instanceof FunctionError ? error.message : UPLOAD_FAILED);
    } finally {
      setSending(null);
      input.value = '';
    }
  };
  const verb = item.status === 'missing' ? 'Upload' : 'Upload again';
  return (
    <div>
      <label
        htmlFor={id}
        className={`inline-flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-ink focus-within:ring-2 focus-within:ring-amber-500 hover:bg-slate-50 ${sending ? 'pointer-events-none opacity-60' : ''}`}
      >
        <FileUp aria-hidden="true" className="h-4 w-4" />
        {verb}
        <span className="sr-only"> {item.label} (JPEG, PNG or PDF, up to 10 MB)</span>
        <input
          id={id}
          type="file"
          accept={DOCUMENT_ACCEPT}
          className="sr-only"
          disabled={sending !== null}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(event) => void choose(event)}
        />
      </label>
      {sending ? (
        <p role="status" className="mt-2 text-sm text-ink-muted">
          Sending {sending.name} ({formatBytes(sending.size)})...
        </p>
      ) : null}
      {problem ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** One document: its state, its file ("View"), and an upload unless it is accepted. */
export function DocumentItem({
  secret,
  item,
  onSent,
}: {
  secret: string;
  item: ReadinessItem;
  onSent: (fileName: string) => void;
}) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-4 py-4" data-kind={item.kind}>
      <div className="space-y-1">
        <p className="font-semibold text-ink">{item.label}</p>
        <p>
          <span
            className={`rounded-full px-3 py-0.5 text-sm font-semibold ${STATUS_CLASSES[item.status]}`}
          >
            {documentStatusLabel(item)}
          </span>
        </p>
        {item.file_name ? (
          <p className="text-sm text-ink-muted">
            {item.file_name}
            {item.submitted_at
              ? `, sent ${formatLongDate(item.submitted_at.slice(0, 10))}`
              : ''} · <ViewDocument secret={secret} item={item} />
          </p>
        ) : null}
      </div>
      {item.status === 'accepted' ? null : (
        <UploadDocument secret={secret} item={item} onSent={onSent} />
      )}
    </li>
  );
}

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
          <TextField
            label="Vehicle make"
            limit={limits.vehicleMake}
            {...form.field('vehicleMake')}
          />
          <TextField
            label="Vehicle model"
            limit={limits.vehicleModel}
            {...form.field('vehicleModel')}
          />
          <TextField
            label="Vehicle colour"
            limit={limits.vehicleColour}
            {...form.field('vehicleColour')}
          />
          <TextField
            label="Registration plate"
            limit={limits.registrationPlate}
            {...form.field('registrationPlate')}
          />
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
    body = (
      <div className="space-y-4">
        <FormMessage tone="error">{DOCUMENTS_LOAD_FAILED}</FormMessage>
        <button
          type="button"
          onClick={loaded.reload}
          className="font-semibold text-blue-800 underline"
        >
          Try again
        </button>
      </div>
    );
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
