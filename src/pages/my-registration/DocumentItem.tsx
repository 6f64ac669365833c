// One document of a team's, as the team's page and the co-driver's page show it: its state
// (missing, submitted, accepted, or rejected with the organiser's reason), "View" (a signed URL
// valid a minute) and an upload checked here for type and size before it is sent (the
// team-documents Edge Function checks the bytes again and decides what the secret may send).
import { useId, useState, type ChangeEvent } from 'react';
import { FileUp } from 'lucide-react';
import { FormMessage } from '../../components/FormField';
import { FunctionError } from '../../data/functions';
import {
  DOCUMENT_ACCEPT,
  documentFileProblem,
  documentStatusLabel,
  teamDocumentUrl,
  uploadTeamDocument,
  UPLOAD_FAILED,
  VIEW_FAILED,
  type ReadinessItem,
} from '../../data/teamDocuments';
import { formatBytes } from '../../lib/format';
import { formatLongDate } from '../../../supabase/functions/_shared/formats/dates';
import { openSignedUrl } from '../../lib/openSignedUrl';

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
