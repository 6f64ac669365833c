// The Mailings screen: the organiser writes to a chosen audience (the confirmed newsletter
// subscribers, an edition's teams by where their money stands, or its waiting list) and follows
// the sending. Three views, in the URL: the list (?), "New mailing" (?new) and one mailing's log
// (?mailing=<id>).
//
// Sending: the draft is saved, "Send" asks for confirmation naming the audience and the number of
// people, send_mailing snapshots the audience, and the screen then calls the `mailings` function
// batch after batch until none remains, showing the progress. Closing the page stops the calls,
// not the mailing: the log shows it as still sending and "Resume sending" carries on from where it
// stopped (each recipient is claimed and sent once; see the function).
//
// The message is written in the news editor and stored as the news rules sanitise it
// (src/lib/sanitize.ts), so an email says what a news article could.
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Mail, Send } from 'lucide-react';
import { ConfirmPanel } from '../../components/ConfirmPanel';
import { EmptyState } from '../../components/EmptyState';
import { FormMessage, SelectField, TextField } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';
import type { DbClient } from '../../data/client';
import { listEditions } from '../../data/editions';
import { FunctionError, type FunctionsCaller } from '../../data/functions';
import {
  AUDIENCE_LABELS,
  AUDIENCES,
  countRecipients,
  getMailing,
  isMarketing,
  listMailings,
  listRecipients,
  saveDraft,
  sendBatch,
  sendTest,
  startSending,
  SUBJECT_MAX,
  type Audience,
  type Mailing,
  type MailingDraft,
  type MailingRecipient,
} from '../../data/mailings';
import type { Edition } from '../../data/types';
import { formatDateTime } from '../../../supabase/functions/_shared/formats/dates';
import { sanitizeHtml } from '../../lib/sanitize';
import { stripTags } from '../../lib/text';
import { useLoad } from '../../lib/useLoad';
import { AdminTitle } from '../AdminTitle';
import { LoadFailed } from '../ui/LoadFailed';
import { buttonClass, PendingButton } from '../ui/PendingButton';
import { useToast } from '../ui/Toast';

// The editor (Quill) is large; it loads only when "New mailing" opens.
const RichTextEditor = lazy(() => import('../crud/RichTextEditor'));

/** The database, and the Edge Functions' caller (the admin's client is both). */
type Doors = { db: DbClient; functions: FunctionsCaller };

const NO_EDITIONS: Edition[] = [];
const NO_MAILINGS: Mailing[] = [];
const NO_RECIPIENTS: MailingRecipient[] = [];

export const SEND_FAILED = 'The sending stopped. Please try again with "Resume sending".';
export const SAVE_FAILED = 'Could not save the mailing. Please try again.';
export const UNSAFE_BODY =
  'The message holds a script, a frame or an event handler, which an email cannot carry. Remove it and save again.';
export const HELD =
  'The rest is held by a sending that stopped midway. Please use "Resume sending" again in five minutes.';

const STATUS_LABELS: Record<Mailing['status'], string> = {
  draft: 'Draft',
  sending: 'Sending',
  sent: 'Sent',
};
const RECIPIENT_LABELS: Record<MailingRecipient['status'], string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

/** The audience as a sentence's object: "All teams of the <edition>". */
function audienceOf(audience: Audience, edition: Edition | undefined): string {
  const label = AUDIENCE_LABELS[audience];
  return isMarketing(audience) || !edition ? label : `${label} of the ${edition.name}`;
}

const people = (count: number) => `${count} ${count === 1 ? 'person' : 'people'}`;

/** What the form refuses, by field, before anything is saved (the database checks it too). */
export function mailingErrors(draft: MailingDraft): Partial<Record<keyof MailingDraft, string>> {
  const errors: Partial<Record<keyof MailingDraft, string>> = {};
  const subject = draft.subject.trim();
  if (!subject) errors.subject = 'Enter a subject.';
  else if (subject.length > SUBJECT_MAX)
    errors.subject = `The subject must be at most ${SUBJECT_MAX} characters.`;
  if (!stripTags(draft.body).trim()) errors.body = 'Write the message.';
  if (!isMarketing(draft.audience) && !draft.edition_id) errors.edition_id = 'Choose an edition.';
  return errors;
}

function message(error: unknown, fallback: string): string {
  return error instanceof FunctionError && error.status > 0 ? error.message : fallback;
}

function MailingList({ db, editions }: { db: DbClient; editions: Edition[] }) {
  const list = useLoad('mailings', () => listMailings(db), { empty: NO_MAILINGS });
  const editionName = (id: string | null) => editions.find((each) => each.id === id);
  if (list.loading)
    return (
      <p role="status" className="text-slate-700">
        Loading the mailings...
      </p>
    );
  if (list.failed && list.data.length === 0)
    return (
      <LoadFailed message="Could not load the mailings. Please try again." onRetry={list.reload} />
    );
  if (list.data.length === 0)
    return (
      <EmptyState
        title="No mailing has been written yet."
        icon={<Mail aria-hidden="true" className="h-10 w-10" />}
      />
    );
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm" aria-busy={list.busy}>
        <caption className="sr-only">The mailings, newest first</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {['Subject', 'Audience', 'Status', 'Sent', 'Failed', 'Written'].map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {list.data.map((mailing) => (
            <tr key={mailing.id} data-testid="mailing-row">
              <th scope="row" className="px-3 py-2 font-semibold text-slate-900">
                <Link
                  to={`?mailing=${mailing.id}`}
                  className="text-blue-800 underline underline-offset-2"
                >
                  {mailing.subject}
                </Link>
              </th>
              <td className="px-3 py-2">
                {audienceOf(mailing.audience, editionName(mailing.edition_id))}
              </td>
              <td className="px-3 py-2">{STATUS_LABELS[mailing.status]}</td>
              <td className="px-3 py-2 tabular-nums">
                {mailing.status === 'draft' ? '—' : `${mailing.sent} of ${mailing.recipients}`}
              </td>
              <td className="px-3 py-2 tabular-nums">{mailing.failed}</td>
              <td className="px-3 py-2">
                <time dateTime={mailing.created_at}>{formatDateTime(mailing.created_at)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RecipientCount({ db, draft }: { db: DbClient; draft: MailingDraft }) {
  const edition = isMarketing(draft.audience) ? null : draft.edition_id;
  const count = useLoad(
    `mailing-count:${draft.audience}:${edition ?? ''}`,
    () =>
      !isMarketing(draft.audience) && !edition
        ? Promise.resolve(0)
        : countRecipients(db, draft.audience, edition),
    { empty: -1 },
  );
  if (count.loading) return <p role="status">Counting the recipients...</p>;
  if (count.failed) return <p role="status">Could not count the recipients.</p>;
  return (
    <p role="status" className="font-semibold text-slate-900">
      {`This mailing would reach ${people(count.data)}.`}
      {isMarketing(draft.audience)
        ? ' Only confirmed subscribers; each email carries an unsubscribe link.'
        : ' A message about their rally: no unsubscribe link.'}
    </p>
  );
}

function MailingForm({ db, functions, editions }: Doors & { editions: Edition[] }) {
  const navigate = useNavigate();
  const toast = useToast();
  const current = editions.find((each) => each.is_current);
  const [draft, setDraft] = useState<MailingDraft>({
    audience: 'teams',
    edition_id: current?.id ?? null,
    subject: '',
    body: '',
  });
  const [savedId, setSavedId] = useState<string | undefined>();
  const [errors, setErrors] = useState<Partial<Record<keyof MailingDraft, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [testing, setTesting] = useState(false);
  const change = (changes: Partial<MailingDraft>) => setDraft((was) => ({ ...was, ...changes }));
  const edition = editions.find((each) => each.id === draft.edition_id);

  /** Checks and saves the draft (the body as the news rules sanitise it); answers its id. */
  const save = async (): Promise<string | null> => {
    const found = mailingErrors(draft);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return null;
    try {
      const id = await saveDraft(db, { ...draft, body: sanitizeHtml(draft.body) }, savedId);
      setSavedId(id);
      return id;
    } catch (error) {
      console.warn('Could not save the mailing', error);
      // The table's own check of what an email may carry (mailings_body_safe).
      if (/mailings_body_safe/.test((error as { message?: string } | null)?.message ?? ''))
        setErrors({ body: UNSAFE_BODY });
      else setFailure(SAVE_FAILED);
      return null;
    }
  };

  const test = async () => {
    setTesting(true);
    try {
      const id = await save();
      if (!id) return;
      const { sent_to } = await sendTest(functions, id);
      toast.show(`A test has been sent to ${sent_to}.`);
    } catch (error) {
      setFailure(message(error, 'Could not send the test. Please try again.'));
    } finally {
      setTesting(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const id = await save();
      if (!id) return;
      setConfirming(
        await countRecipients(
          db,
          draft.audience,
          isMarketing(draft.audience) ? null : draft.edition_id,
        ),
      );
    } catch (error) {
      console.warn('Could not count the recipients', error);
      setFailure('Could not count the recipients. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    if (!savedId) return;
    setBusy(true);
    try {
      await startSending(db, savedId);
      navigate(`?mailing=${savedId}`, { state: { send: true } });
    } catch (error) {
      console.warn('Could not start the mailing', error);
      const refused = (error as { code?: string; message?: string } | null) ?? null;
      setFailure(refused?.code === 'PT409' && refused.message ? refused.message : SEND_FAILED);
      setConfirming(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="max-w-3xl space-y-5">
      <h2 className="text-xl font-semibold text-slate-900">New mailing</h2>
      <SelectField
        label="Audience"
        name="audience"
        required
        value={draft.audience}
        options={AUDIENCES.map((value) => ({ value, label: AUDIENCE_LABELS[value] }))}
        onChange={(event) => change({ audience: event.currentTarget.value as Audience })}
      />
      {isMarketing(draft.audience) ? null : (
        <SelectField
          label="Edition"
          name="edition"
          required
          value={draft.edition_id ?? ''}
          error={errors.edition_id}
          placeholder="Choose an edition"
          options={editions.map((each) => ({ value: each.id, label: each.name }))}
          onChange={(event) => change({ edition_id: event.currentTarget.value || null })}
        />
      )}
      <RecipientCount db={db} draft={draft} />
      <TextField
        label="Subject"
        name="subject"
        required
        limit={SUBJECT_MAX}
        maxLength={SUBJECT_MAX}
        value={draft.subject}
        error={errors.subject}
        onChange={(event) => change({ subject: event.currentTarget.value })}
      />
      <Suspense fallback={<Spinner label="Loading editor..." />}>
        <RichTextEditor
          label="Message"
          required
          value={draft.body}
          error={errors.body}
          onChange={(body) => change({ body })}
        />
      </Suspense>
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      {confirming === null ? (
        <div className="flex flex-wrap gap-3">
          <PendingButton type="submit" pending={busy} pendingLabel="Saving...">
            <Send aria-hidden="true" className="h-4 w-4" />
            Send
          </PendingButton>
          <PendingButton
            type="button"
            tone="neutral"
            pending={testing}
            pendingLabel="Sending the test..."
            onClick={() => void test()}
          >
            Send test to me
          </PendingButton>
          <Link to="?" className={buttonClass('neutral')}>
            Cancel
          </Link>
        </div>
      ) : (
        <ConfirmPanel
          id="confirm-mailing"
          question={`Send “${draft.subject.trim()}” to ${audienceOf(draft.audience, edition)}: ${people(confirming)}?`}
          failure={null}
          busy={busy}
          confirmLabel={`Yes, send to ${people(confirming)}`}
          busyLabel="Starting..."
          keepLabel="Not yet"
          onConfirm={() => void send()}
          onKeep={() => setConfirming(null)}
        >
          <p>Each person receives it once. It cannot be taken back once sent.</p>
        </ConfirmPanel>
      )}
    </form>
  );
}

function MailingLog({ db, functions, id, editions }: Doors & { id: string; editions: Edition[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const mailing = useLoad(`mailing:${id}`, () => getMailing(db, id), { empty: null });
  const log = useLoad(`mailing-log:${id}`, () => listRecipients(db, id), {
    empty: NO_RECIPIENTS,
  });
  const [progress, setProgress] = useState<{ sent: number; failed: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const running = useRef(false);
  const reloadMailing = mailing.reload;
  const reloadLog = log.reload;

  const resume = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setFailure(null);
    const totals = { sent: 0, failed: 0 };
    setProgress(totals);
    try {
      for (;;) {
        const batch = await sendBatch(functions, id);
        totals.sent += batch.sent;
        totals.failed += batch.failed;
        setProgress({ ...totals });
        if (batch.remaining === 0) break;
        // Nothing was free to send: the rest is held by a run that stopped midway, and is retried
        // five minutes after it was taken. Stop asking until then.
        if (batch.sent + batch.failed === 0) {
          setFailure(HELD);
          break;
        }
      }
    } catch (error) {
      console.warn('The sending stopped', error);
      setFailure(message(error, SEND_FAILED));
    } finally {
      running.current = false;
      setProgress(null);
      reloadMailing();
      reloadLog();
    }
  }, [functions, id, reloadMailing, reloadLog]);

  // Arriving from "Send" (the history entry's state says so), the sending starts at once; the
  // state is then forgotten, so reloading the page later resumes only when asked.
  const [sendOnArrival] = useState(
    () => (location.state as { send?: unknown } | null)?.send === true,
  );
  const arrived = useRef(false);
  useEffect(() => {
    if (!sendOnArrival || arrived.current) return;
    const timer = setTimeout(() => {
      arrived.current = true;
      navigate(`?mailing=${id}`, { replace: true, state: null });
      void resume();
    }, 0);
    return () => clearTimeout(timer);
  }, [sendOnArrival, navigate, id, resume]);

  if (mailing.loading)
    return (
      <p role="status" className="text-slate-700">
        Loading the mailing...
      </p>
    );
  if (mailing.failed || !mailing.data)
    return mailing.failed ? (
      <LoadFailed
        message="Could not load the mailing. Please try again."
        onRetry={mailing.reload}
      />
    ) : (
      <EmptyState title="There is no such mailing." />
    );
  const shown = mailing.data;
  const edition = editions.find((each) => each.id === shown.edition_id);
  return (
    <section aria-labelledby="mailing-title" className="space-y-4">
      <h2 id="mailing-title" className="text-xl font-semibold text-slate-900">
        {shown.subject}
      </h2>
      <p className="text-slate-700">
        {`${audienceOf(shown.audience, edition)} · ${STATUS_LABELS[shown.status]} · ${shown.sent} of ${shown.recipients} sent, ${shown.failed} failed`}
      </p>
      {progress ? (
        <p role="status" className="font-semibold text-slate-900">
          {`Sending... ${progress.sent + shown.sent} of ${shown.recipients} sent`}
          {progress.failed ? `, ${progress.failed} failed` : ''}
        </p>
      ) : shown.status === 'sending' ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status">The sending was interrupted. Nobody receives the mailing twice.</p>
          <PendingButton
            type="button"
            pending={false}
            pendingLabel="Sending..."
            onClick={() => void resume()}
          >
            Resume sending
          </PendingButton>
        </div>
      ) : null}
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      {log.loading ? (
        <p role="status">Loading the log...</p>
      ) : log.failed && log.data.length === 0 ? (
        <LoadFailed message="Could not load the log. Please try again." onRetry={log.reload} />
      ) : log.data.length === 0 ? (
        <EmptyState title="Nobody has been sent this mailing yet." />
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm" aria-busy={log.busy}>
            <caption className="sr-only">Each recipient of the mailing</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {['Email', 'Name', 'Status', 'Error'].map((heading) => (
                  <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {log.data.map((row) => (
                <tr key={row.id} data-testid="recipient-row">
                  <th scope="row" className="px-3 py-2 font-normal break-all">
                    {row.email}
                  </th>
                  <td className="px-3 py-2">{row.name ?? '—'}</td>
                  <td className="px-3 py-2">{RECIPIENT_LABELS[row.status]}</td>
                  <td className="px-3 py-2 break-all text-red-800">{row.error ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Link to="?" className={buttonClass('neutral')}>
        All mailings
      </Link>
    </section>
  );
}

export function MailingsScreen({ db, functions }: Doors) {
  const [params] = useSearchParams();
  const editions = useLoad('editions', () => listEditions(db), { empty: NO_EDITIONS });
  const id = params.get('mailing');
  const writing = params.has('new');
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <AdminTitle>Mailings</AdminTitle>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Mailings</h1>
          <p className="mt-1 text-slate-600">
            Write to the confirmed subscribers, an edition&apos;s teams or its waiting list. Each
            person receives a mailing once.
          </p>
        </div>
        {id || writing ? null : (
          <Link to="?new" className={buttonClass('primary')}>
            New mailing
          </Link>
        )}
      </div>
      <div className="mt-6">
        {editions.loading ? (
          <p role="status" className="text-slate-700">
            Loading the editions...
          </p>
        ) : editions.failed && editions.data.length === 0 ? (
          <LoadFailed
            message="Could not load the editions. Please try again."
            onRetry={editions.reload}
          />
        ) : id ? (
          <MailingLog key={id} db={db} functions={functions} id={id} editions={editions.data} />
        ) : writing ? (
          <MailingForm db={db} functions={functions} editions={editions.data} />
        ) : (
          <MailingList db={db} editions={editions.data} />
        )}
      </div>
    </main>
  );
}
