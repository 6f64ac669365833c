// A registration's documents in its inbox detail (issue 25), beside its money: each document the
// team owes (both licences with a co-driver, the insurance certificate, the MOT) as missing,
// submitted, accepted or rejected with the reason, the drivers' dates of birth, licences and
// emergency contacts and the car's expiries the team gave, and for each file sent "View" (a signed
// URL valid a minute), "Accept" and "Reject". Rejecting asks for the reason in the row itself (a
// real form: Enter sends it, Escape or Cancel goes back to the Reject button); the reason goes to
// the team by email with a link to its page. After a decision the panel loads again, says what was
// done and takes the focus to its heading, and the inbox reloads the row (its readiness).
import { useEffect, useRef, useState } from 'react';
import { FormMessage, TextField } from '../../components/FormField';
import type { DbClient } from '../../data/client';
import type { FunctionsCaller } from '../../data/functions';
import { sendQueuedNow } from '../../data/inbox';
import {
  DOCUMENT_LABELS,
  documentStatusLabel,
  type DocumentKind,
  type DocumentStatus,
} from '../../data/teamDocuments';
import {
  decideTeamDocument,
  documentSignedUrl,
  getRegistrationDocuments,
  type DocumentsStorage,
  type RegistrationDocuments as Loaded,
  type RegistrationDriver,
  type TeamDocument,
} from '../../data/teamDocumentsAdmin';
import type { Row } from '../../data/types';
import { formatDateTime, formatLongDate } from '../../../supabase/functions/_shared/formats/dates';
import { formatBytes } from '../../lib/format';
import { openSignedUrl } from '../../lib/openSignedUrl';
import { useForm } from '../../lib/useForm';
import { useLoad } from '../../lib/useLoad';
import { isTooLong, shortenMessage } from '../../lib/validation';
import { supabase } from '../supabase';
import { LoadFailed } from '../ui/LoadFailed';
import { buttonClass, PendingButton } from '../ui/PendingButton';
import { Badge, type BadgeTone } from './Badge';

/** The reason's limit: decide_team_document refuses more than 1,000 characters. */
export const REASON_LIMIT = 1000;
export const REASON_REQUIRED = "Please give the reason, for the team's email.";
const DECISION_FAILED = 'The decision could not be recorded. Please try again.';
const VIEW_FAILED = 'The file could not be opened. Please try again.';

const NOTHING: Loaded = { documents: [], drivers: [] };

const STATUS_TONES: Record<DocumentStatus, BadgeTone> = {
  missing: 'bad',
  submitted: 'waiting',
  accepted: 'good',
  rejected: 'bad',
};

/** The registration's facts the panel reads: its id, whether it has a co-driver, the car. */
type Registration = Pick<
  Row<'registrations'>,
  'id' | 'co_driver_name' | 'insurance_expiry' | 'mot_expiry'
>;

const day = (value: string | null) => (value ? formatLongDate(value) : 'not given');

/** The database's sentence for a refused call, when it gave one. */
function refusal(error: unknown, fallback: string): string {
  const message =
    typeof error === 'object' && error !== null && 'message' in error
      ? (error as { message: unknown }).message
      : null;
  return typeof message === 'string' && message && 'code' in (error as object) ? message : fallback;
}

function DriverFacts({ driver }: { driver: RegistrationDriver }) {
  return (
    <div className="contents">
      <dt className="font-medium text-slate-700">
        {driver.role === 'lead' ? 'Lead driver' : 'Co-driver'}
      </dt>
      <dd className="text-slate-900">
        born {day(driver.date_of_birth)}; licence {driver.licence_number || 'not given'}, valid
        until {day(driver.licence_expiry)}; emergency contact{' '}
        {[driver.emergency_contact_name, driver.emergency_contact_phone]
          .filter(Boolean)
          .join(', ') || 'not given'}
      </dd>
    </div>
  );
}

/** "Reject": the reason, asked in the row; Enter sends it, Escape goes back. */
function RejectForm({
  label,
  onReject,
  onCancel,
}: {
  label: string;
  onReject: (reason: string) => Promise<string | null>;
  onCancel: () => void;
}) {
  const form = useForm({ reason: '' }, ({ reason }) => ({
    reason: !reason.trim()
      ? REASON_REQUIRED
      : isTooLong(reason, REASON_LIMIT)
        ? shortenMessage('the reason', REASON_LIMIT)
        : undefined,
  }));
  const fieldRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    fieldRef.current?.querySelector('input')?.focus();
  }, []);
  const submit = form.onSubmit(async ({ reason }) => {
    const failure = await onReject(reason.trim());
    if (failure) form.fail(failure);
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Reject the ${label}`}
      className="mt-3 space-y-3 rounded-lg bg-slate-50 p-3"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !form.sending) {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <div ref={fieldRef}>
        <TextField
          label="Reason, sent to the team"
          required
          maxLength={REASON_LIMIT}
          hint="For example: the photo is blurred, or the certificate does not cover France."
          {...form.field('reason')}
        />
      </div>
      {form.failure ? <FormMessage tone="error">{form.failure}</FormMessage> : null}
      <div className="flex flex-wrap gap-3">
        <PendingButton type="submit" tone="danger" pending={form.sending} pendingLabel="Sending...">
          Reject
        </PendingButton>
        <button
          type="button"
          className={buttonClass('neutral')}
          onClick={onCancel}
          disabled={form.sending}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}

function DocumentRow({
  kind,
  document,
  db,
  storage,
  functions,
  onDecided,
}: {
  kind: DocumentKind;
  document: TeamDocument | null;
  db: DbClient;
  storage: DocumentsStorage;
  functions: FunctionsCaller;
  onDecided: (message: string) => void;
}) {
  const label = DOCUMENT_LABELS[kind];
  const [rejecting, setRejecting] = useState(false);
  const [pending, setPending] = useState<'view' | 'accept' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const rejectButton = useRef<HTMLButtonElement>(null);
  const status: DocumentStatus = document ? document.status : 'missing';

  const decide = async (decision: 'accepted' | 'rejected', reason = ''): Promise<string | null> => {
    if (!document) return null;
    setFailure(null);
    try {
      await decideTeamDocument(db, document.id, decision, reason);
    } catch (error) {
      console.warn('Could not record the decision', error);
      return refusal(error, DECISION_FAILED);
    }
    if (decision === 'accepted') {
      onDecided(`${label}: accepted.`);
      return null;
    }
    // The team's email with the reason goes now; if it cannot, the daily run sends it.
    const emailed = await sendQueuedNow(functions, 'document_rejected');
    setRejecting(false);
    onDecided(
      emailed === 'sent'
        ? `${label}: rejected. The team has been emailed the reason.`
        : `${label}: rejected. The email with the reason is queued and goes with the next daily emails.`,
    );
    return null;
  };

  const view = async (path: string) => {
    setPending('view');
    setFailure(null);
    try {
      openSignedUrl(await documentSignedUrl(storage, path));
    } catch (error) {
      console.warn('Could not open the document', error);
      setFailure(VIEW_FAILED);
    } finally {
      setPending(null);
    }
  };

  return (
    <li className="border-t border-slate-200 py-3" data-kind={kind}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">{label}</span>
        <Badge tone={STATUS_TONES[status]}>
          {documentStatusLabel({ status, reason: document?.reason ?? null })}
        </Badge>
      </div>
      {document ? (
        <>
          <p className="mt-1 text-sm text-slate-700">
            {document.file_name} ({formatBytes(document.size_bytes)}), sent{' '}
            {formatDateTime(document.submitted_at)}
            {document.decided_at
              ? `; decided ${formatDateTime(document.decided_at)}${document.decided_by_email ? ` by ${document.decided_by_email}` : ''}`
              : ''}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <PendingButton
              type="button"
              tone="neutral"
              pending={pending === 'view'}
              pendingLabel="Opening..."
              aria-label={`View the ${label}`}
              onClick={() => void view(document.object_path)}
            >
              View
            </PendingButton>
            {status !== 'accepted' ? (
              <PendingButton
                type="button"
                pending={pending === 'accept'}
                pendingLabel="Accepting..."
                aria-label={`Accept the ${label}`}
                disabled={rejecting}
                onClick={() => {
                  setPending('accept');
                  void decide('accepted').then((problem) => {
                    setPending(null);
                    if (problem) setFailure(problem);
                  });
                }}
              >
                Accept
              </PendingButton>
            ) : null}
            {status !== 'rejected' && !rejecting ? (
              <button
                ref={rejectButton}
                type="button"
                className={buttonClass('danger')}
                aria-label={`Reject the ${label}`}
                onClick={() => setRejecting(true)}
              >
                Reject
              </button>
            ) : null}
          </div>
          {rejecting ? (
            <RejectForm
              label={label}
              onReject={(reason) => decide('rejected', reason)}
              onCancel={() => {
                setRejecting(false);
                // The Reject button is back once the form is gone.
                window.setTimeout(() => rejectButton.current?.focus(), 0);
              }}
            />
          ) : null}
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-700">Not sent yet.</p>
      )}
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
    </li>
  );
}

export function RegistrationDocuments({
  registration,
  db,
  storage = supabase.storage,
  functions = supabase,
  onChanged,
}: {
  registration: Registration;
  db: DbClient;
  /** Where "View" signs its URL: the admin client's Storage. */
  storage?: DocumentsStorage;
  /** Where the rejection's email is sent from at once: the admin client's Edge Functions. */
  functions?: FunctionsCaller;
  /** The inbox reloads its row (its readiness column) after a decision. */
  onChanged?: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const loaded = useLoad<Loaded>(
    `registration-documents:${registration.id}`,
    () => getRegistrationDocuments(db, registration),
    { empty: NOTHING },
  );
  const decided = (message: string) => {
    setNotice(message);
    loaded.reload();
    onChanged?.();
    heading.current?.focus();
  };

  let body;
  if (loaded.failed && loaded.data.documents.length === 0)
    body = (
      <LoadFailed
        className="mt-2"
        message="Could not load the documents. Please try again."
        onRetry={loaded.reload}
      />
    );
  else if (loaded.loading)
    body = <p className="mt-2 text-sm text-slate-700">Loading the documents...</p>;
  else
    body = (
      <>
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {loaded.data.drivers.map((driver) => (
            <DriverFacts key={driver.role} driver={driver} />
          ))}
          {loaded.data.drivers.length === 0 ? (
            <div className="contents">
              <dt className="font-medium text-slate-700">Drivers</dt>
              <dd className="text-slate-900">No details given yet</dd>
            </div>
          ) : null}
          <div className="contents">
            <dt className="font-medium text-slate-700">Car</dt>
            <dd className="text-slate-900">
              insurance valid until {day(registration.insurance_expiry)}; MOT valid until{' '}
              {day(registration.mot_expiry)}
            </dd>
          </div>
        </dl>
        <ul className="mt-3" aria-busy={loaded.busy}>
          {loaded.data.documents.map(({ kind, document }) => (
            <DocumentRow
              key={kind}
              kind={kind}
              document={document}
              db={db}
              storage={storage}
              functions={functions}
              onDecided={decided}
            />
          ))}
        </ul>
      </>
    );
  return (
    <section
      aria-label="Documents"
      className="mt-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 ref={heading} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
        Documents
      </h3>
      {notice ? (
        <p role="status" className="mt-2 text-sm text-slate-800">
          {notice}
        </p>
      ) : null}
      {body}
    </section>
  );
}
