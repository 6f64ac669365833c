// The Personal data screen: the organiser's answer to "send me my data" and "delete me". Search by
// email lists everything the database holds about the address, group by group (registrations,
// enquiries, messages, subscriptions, waiting-list entries, consent records, emails sent);
// "Export" downloads that answer as JSON, named with the day; "Erase" asks first, stating what
// goes and what stays, then anonymises (erase_personal_data) and has the documents' files deleted
// (personal-data-files). The database decides what matches and refuses anyone but an
// administrator; this screen only shows it.
import { useState, type FormEvent } from 'react';
import { Download, Eraser, UserSearch } from 'lucide-react';
import { ConfirmPanel } from '../../components/ConfirmPanel';
import { EmailField } from '../../components/FormField';
import type { DbClient } from '../../data/client';
import type { FunctionsCaller } from '../../data/functions';
import {
  deleteErasedFiles,
  erasePersonalData,
  exportFileName,
  findPersonalData,
  FILES_NOT_DELETED,
  holdsNothing,
  PERSONAL_DATA_GROUPS,
  PersonalDataRefusedError,
  type PersonalData,
  type PersonalDataGroup,
} from '../../data/personalData';
import { formatDateTime } from '../../../supabase/functions/_shared/formats/dates';
import { EmptyState } from '../../components/EmptyState';
import { AdminTitle } from '../AdminTitle';
import { BackToDashboard } from '../BackToDashboard';
import { downloadText } from '../../lib/download';
import { LoadFailed } from '../ui/LoadFailed';
import { PendingButton, buttonClass } from '../ui/PendingButton';
import { useToast } from '../ui/Toast';

export const SEARCH_FAILED = 'Could not search. Please try again.';
export const ERASE_FAILED = 'Could not erase. Nothing was changed. Please try again.';

/** What an erasure keeps and what it takes, as the confirmation states it. */
export const ERASE_EXPLAINED =
  'Names, email addresses, phone numbers, plates, notes, messages, dates of birth, licence numbers, emergency contacts and fundraising links are replaced or cleared, consent is withdrawn, links stop working and the documents are deleted. Payment amounts and dates, and the edition’s counts, are kept for the accounts. This cannot be undone.';

type State =
  | { phase: 'idle' }
  | { phase: 'loading'; email: string }
  | { phase: 'failed'; email: string }
  | { phase: 'found'; email: string; data: PersonalData };

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const when = (value: unknown) => (typeof value === 'string' ? formatDateTime(value) : null);

/** One line per row, in the screen's words: enough to know what it is. */
export function rowSummary(group: PersonalDataGroup, row: Record<string, unknown>): string {
  const parts = (...values: (string | null)[]) =>
    values.filter((value): value is string => value !== null).join(' · ');
  switch (group) {
    case 'registrations': {
      const registration = (row.registration ?? {}) as Record<string, unknown>;
      return parts(
        text(row.edition),
        text(row.role),
        text(registration.team_name) ?? text(registration.lead_driver_name),
        text(registration.status),
        when(registration.created_at),
      );
    }
    case 'sponsorship_enquiries':
      return parts(text(row.company_name), text(row.tier), text(row.status), when(row.created_at));
    case 'contact_messages':
      return parts(text(row.name), text(row.subject), text(row.status), when(row.created_at));
    case 'newsletter_subscriptions':
      return parts(text(row.source), text(row.status), when(row.created_at));
    case 'waiting_list_entries':
      return parts(text(row.name), text(row.status), when(row.created_at));
    case 'consent_records':
      return parts(
        text(row.purpose),
        text(row.wording_version),
        text(row.source),
        when(row.given_at),
        row.withdrawn_at ? `withdrawn ${when(row.withdrawn_at) ?? ''}` : null,
      );
    case 'emails_sent':
      return parts(text(row.kind), text(row.status), when(row.sent_at) ?? when(row.queued_at));
    case 'mailings_received':
      return parts(text(row.mailing), text(row.status), when(row.sent_at));
  }
}

function Groups({ data }: { data: PersonalData }) {
  return (
    <div className="mt-6 space-y-4">
      {PERSONAL_DATA_GROUPS.map(({ key, title }) => {
        const rows = data[key] as Record<string, unknown>[];
        return (
          <section
            key={key}
            aria-labelledby={`group-${key}`}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <h2 id={`group-${key}`} className="text-lg font-semibold text-slate-900">
              {title} ({rows.length})
            </h2>
            {rows.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">None.</p>
            ) : (
              <ul className="mt-2 space-y-1 text-sm text-slate-800">
                {rows.map((row, index) => (
                  <li key={index}>{rowSummary(key, row)}</li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

export function PersonalDataScreen({
  db,
  functions,
  today = () => new Date().toISOString().slice(0, 10),
}: {
  db: DbClient;
  functions: FunctionsCaller;
  /** The export's day (tests pin it). */
  today?: () => string;
}) {
  const toast = useToast();
  const [typed, setTyped] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [state, setState] = useState<State>({ phase: 'idle' });
  const [confirming, setConfirming] = useState(false);
  const [erasing, setErasing] = useState(false);
  const [eraseFailure, setEraseFailure] = useState<string | null>(null);

  async function search(email: string) {
    setRefusal(null);
    setConfirming(false);
    setState({ phase: 'loading', email });
    try {
      setState({ phase: 'found', email, data: await findPersonalData(db, email) });
    } catch (error) {
      if (error instanceof PersonalDataRefusedError) {
        setRefusal(error.message);
        setState({ phase: 'idle' });
        return;
      }
      console.warn('Could not search personal data', error);
      setState({ phase: 'failed', email });
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void search(typed.trim());
  }

  function exportJson(data: PersonalData) {
    downloadText(
      exportFileName(today()),
      JSON.stringify(data, null, 2),
      'application/json;charset=utf-8',
    );
  }

  async function erase(email: string) {
    setErasing(true);
    setEraseFailure(null);
    try {
      await erasePersonalData(db, email);
    } catch (error) {
      console.warn('Could not erase personal data', error);
      setEraseFailure(error instanceof PersonalDataRefusedError ? error.message : ERASE_FAILED);
      setErasing(false);
      return;
    }
    let files = '';
    try {
      const deleted = await deleteErasedFiles(functions);
      if (deleted > 0) files = ` ${deleted} ${deleted === 1 ? 'file' : 'files'} deleted.`;
    } catch (error) {
      console.warn('Could not delete the erased files', error);
      files = ` ${FILES_NOT_DELETED}`;
    }
    setErasing(false);
    setConfirming(false);
    toast.show(`Erased everything held about ${email}.${files}`);
    await search(email);
  }

  const found = state.phase === 'found' ? state : null;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <AdminTitle>Personal data</AdminTitle>
      <BackToDashboard />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Personal data</h1>
      <p className="mt-1 text-slate-600">
        Everything the database holds about one email address: export it for the person, or erase
        it.
      </p>
      <form onSubmit={submit} className="mt-6 flex flex-wrap items-end gap-3" role="search">
        <div className="min-w-64 flex-1">
          <EmailField
            label="Email address"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={refusal ?? undefined}
            required
          />
        </div>
        <PendingButton
          type="submit"
          pending={state.phase === 'loading'}
          pendingLabel="Searching..."
        >
          <UserSearch aria-hidden="true" className="h-4 w-4" />
          Search
        </PendingButton>
      </form>

      {state.phase === 'loading' ? (
        <p className="mt-6 text-slate-600" role="status">
          Searching...
        </p>
      ) : null}
      {state.phase === 'failed' ? (
        <LoadFailed
          className="mt-6"
          message={SEARCH_FAILED}
          onRetry={() => void search(state.email)}
        />
      ) : null}
      {found && holdsNothing(found.data) ? (
        <div className="mt-6">
          <EmptyState
            title={`Nothing is held about ${found.data.email}.`}
            icon={<UserSearch aria-hidden="true" className="h-10 w-10" />}
          />
        </div>
      ) : null}
      {found && !holdsNothing(found.data) ? (
        <>
          <div className="mt-6 flex flex-wrap items-center gap-3">
            <h2 className="mr-auto text-xl font-semibold text-slate-900">{found.data.email}</h2>
            <button
              type="button"
              className={buttonClass('neutral')}
              onClick={() => exportJson(found.data)}
            >
              <Download aria-hidden="true" className="h-4 w-4" />
              Export
            </button>
            <button
              type="button"
              className={buttonClass('danger')}
              onClick={() => {
                setEraseFailure(null);
                setConfirming(true);
              }}
              disabled={confirming}
            >
              <Eraser aria-hidden="true" className="h-4 w-4" />
              Erase
            </button>
          </div>
          {confirming ? (
            <div className="mt-4">
              <ConfirmPanel
                id="erase-question"
                question={`Erase everything held about ${found.data.email}?`}
                failure={eraseFailure}
                busy={erasing}
                confirmLabel="Yes, erase"
                busyLabel="Erasing..."
                keepLabel="Keep it"
                onConfirm={() => void erase(found.data.email)}
                onKeep={() => setConfirming(false)}
              >
                <p className="text-ink-muted">{ERASE_EXPLAINED}</p>
              </ConfirmPanel>
            </div>
          ) : null}
          <Groups data={found.data} />
        </>
      ) : null}
      {state.phase === 'idle' && !refusal ? (
        <p className="mt-6 text-slate-600">
          Search for the address the person wrote from; upper and lower case are the same.
        </p>
      ) : null}
    </div>
  );
}
