// The media library: the uploaded files (media_files), searched, filtered by type, sorted and
// paged on the server by the content managers' list core, with upload (button or drag-and-drop;
// an image is checked from its bytes, its width variants are made in a Worker, and the server
// checks what was stored, with progress and the reason for a refusal), each file's default alt
// text, delete, and "use this file" for the field that opened it. MediaLibrary is that list in a
// dialog for a form (its view in component state, so the form's page keeps its URL);
// MediaBrowser is the list itself, which the Media Library screen shows with its view in the URL.
import { useId, useState, type DragEvent, type FormEvent } from 'react';
import { Check, Film, Trash2, Upload } from 'lucide-react';
import { Modal } from '../../components/Modal';
import { MEDIA_ACCEPT, mediaVariantFor } from '../../config/media';
import { FormMessage } from '../../components/FormField';
import {
  checkMediaFile,
  cleanFileName,
  describeMediaFile,
  isAllowedMedia,
  MediaRefusedError,
  listMediaPage,
  mediaContentType,
  mediaFacets,
  mediaList,
  removeMediaFile,
  uploadMediaFile,
  type MediaFile,
  type MediaKind,
} from '../../data/media';
import { formatBytes } from '../../lib/format';
import { useLoad } from '../../lib/useLoad';
import { ListBody } from '../list/ListBody';
import { ListToolbar } from '../list/ListToolbar';
import { useLocalListQuery, type ListQueryState } from '../list/useListQuery';
import { useServerList } from '../list/useServerList';
import { buttonClass } from '../ui/PendingButton';
import { supabase } from '../supabase';
import { prepareImage } from './variants';

type Message = { tone: 'error' | 'success'; text: string };
type Progress = { index: number; total: number; name: string; step: string; fraction: number };

const NO_FACETS = {};

/** The list's options, in the form useListQuery takes them. */
export const mediaListOptions = {
  filters: mediaList.filters,
  sorts: Object.keys(mediaList.sorts),
  defaultSort: mediaList.defaultSort,
};

const SORT_LABELS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'path', label: 'File name (A to Z)' },
  { value: 'largest', label: 'Largest first' },
];

/**
 * Uploads files one by one: an image is checked from its bytes first (nothing is decoded before
 * it passes), then its variants are made off the main thread, then the server checks what was
 * stored. Answers how many failed and why each refused file was refused.
 */
async function uploadAll(files: File[], onProgress: (progress: Progress) => void) {
  let failed = 0;
  const refusals: string[] = [];
  for (const [index, file] of files.entries()) {
    const name = cleanFileName(file.name);
    const report = (step: string, fraction: number) =>
      onProgress({ index, total: files.length, name, step, fraction });
    try {
      report('Checking', 0);
      await checkMediaFile(file);
      const typed = new Blob([file], { type: mediaContentType(file.name) ?? file.type });
      const prepared = await prepareImage(typed, (done, total) =>
        report(`Making sizes (${done} of ${total})`, total ? (done / total) * 0.5 : 0),
      );
      const uploads = (prepared?.variants.length ?? 0) + 1;
      let stored = 0;
      report('Uploading', prepared ? 0.5 : 0);
      await uploadMediaFile(supabase, file, prepared, () => {
        stored += 1;
        report('Uploading', (prepared ? 0.5 : 0) + (stored / uploads) * (prepared ? 0.5 : 1));
      });
    } catch (error) {
      if (error instanceof MediaRefusedError) {
        refusals.push(`${name}: ${error.message}`);
      } else {
        console.warn('Upload failed', name, error);
        failed += 1;
      }
    }
  }
  return { failed, refusals };
}

function AltTextForm({ file, onSaved }: { file: MediaFile; onSaved: (message: Message) => void }) {
  const [alt, setAlt] = useState(file.alt);
  const [saving, setSaving] = useState(false);
  const id = useId();
  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      await describeMediaFile(supabase, file.id, alt);
      onSaved({ tone: 'success', text: `Alt text saved for ${file.name}.` });
    } catch (error) {
      console.warn('Alt text not saved', file.path, error);
      onSaved({ tone: 'error', text: 'Error saving the alt text. Please try again.' });
    } finally {
      setSaving(false);
    }
  }
  return (
    <form onSubmit={save} className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-800">
        Default alt text <span className="sr-only">for {file.name}</span>
      </label>
      <input
        id={id}
        value={alt}
        maxLength={500}
        onChange={(event) => setAlt(event.target.value)}
        className="rounded border border-slate-300 px-2 py-1 text-xs"
      />
      <button
        type="submit"
        disabled={saving || alt.trim() === file.alt}
        className="self-start rounded border border-slate-300 px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60"
        aria-label={`Save alt text for ${file.name}`}
      >
        {saving ? 'Saving...' : 'Save alt text'}
      </button>
    </form>
  );
}

export function MediaBrowser({
  accept,
  onPick,
  list,
}: {
  /** Which files the calling field can use; the library lists only those. */
  accept: MediaKind | 'any';
  /** Offers "Use" on each file (for a form's field). */
  onPick?: (file: MediaFile) => void;
  list: ListQueryState;
}) {
  const files = useServerList({
    name: `media:${accept}`,
    view: list,
    load: (query) =>
      listMediaPage(
        supabase,
        accept === 'any' ? query : { ...query, filters: { ...query.filters, kind: accept } },
      ),
  });
  const facets = useLoad('media-facets', () => mediaFacets(supabase), { empty: NO_FACETS });
  const [progress, setProgress] = useState<Progress | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [dragging, setDragging] = useState(false);
  const inputId = useId();
  const { reload } = files;
  const reloadAll = () => {
    reload();
    facets.reload();
  };

  async function upload(selected: File[]) {
    if (selected.length === 0 || progress) return;
    const refused = selected.filter((file) => !isAllowedMedia(file.name));
    const allowed = selected.filter((file) => isAllowedMedia(file.name));
    const wrongType = refused.length
      ? `${refused.map((file) => cleanFileName(file.name)).join(', ')}: only JPG, PNG, GIF, WebP, MP4 and WebM files can be uploaded.`
      : null;
    setMessage(wrongType ? { tone: 'error', text: wrongType } : null);
    if (allowed.length === 0) return;
    const { failed, refusals } = await uploadAll(allowed, setProgress);
    setProgress(null);
    const problems = [
      ...(wrongType ? [wrongType] : []),
      ...refusals,
      ...(failed ? ['Error uploading file. Please try again.'] : []),
    ];
    if (problems.length) setMessage({ tone: 'error', text: problems.join(' ') });
    else
      setMessage({
        tone: 'success',
        text: allowed.length === 1 ? 'File uploaded.' : `${allowed.length} files uploaded.`,
      });
    // The newest first, from page one, shows what was just uploaded.
    if (list.query.page !== 1 || list.query.sort !== mediaList.defaultSort)
      list.change({ sort: mediaList.defaultSort, page: 1 });
    reloadAll();
  }

  async function remove(path: string) {
    setDeleting(true);
    try {
      await removeMediaFile(supabase.storage, path);
      setMessage(null);
      setConfirming(null);
      reloadAll();
    } catch (error) {
      console.warn('Delete failed', path, error);
      setConfirming(null);
      setMessage({ tone: 'error', text: 'Error deleting file. Please try again.' });
    } finally {
      setDeleting(false);
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void upload([...event.dataTransfer.files]);
  }

  return (
    <div>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="media-drop-zone"
        className={`rounded-xl border-2 border-dashed p-5 text-center ${dragging ? 'border-blue-600 bg-blue-50' : 'border-slate-300'}`}
      >
        <Upload aria-hidden="true" className="mx-auto h-8 w-8 text-slate-500" />
        <p className="mt-2 text-sm text-slate-700">Drag and drop files here, or</p>
        <label htmlFor={inputId} className={`${buttonClass('primary')} mt-2 cursor-pointer`}>
          Upload Files
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          accept={MEDIA_ACCEPT}
          className="sr-only"
          disabled={progress !== null}
          onChange={(event) => {
            void upload([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <p className="mt-2 text-xs text-slate-600">
          JPG, PNG, GIF, WebP, MP4 or WebM. Photos are also stored in smaller sizes for phones.
        </p>
        {progress ? (
          <div role="status" className="mt-3">
            <p className="text-sm font-medium text-slate-800">
              {`Uploading ${progress.index + 1} of ${progress.total}: ${progress.name} (${progress.step})...`}
            </p>
            <progress
              className="mt-1 h-2 w-full"
              max={100}
              value={Math.round(((progress.index + progress.fraction) / progress.total) * 100)}
              aria-label="Upload progress"
            />
          </div>
        ) : null}
      </div>

      <div className="mt-4">
        {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
      </div>

      <div className="mt-4">
        <ListToolbar
          query={list.query}
          searchLabel="Search files"
          filters={accept === 'any' ? [{ column: 'kind', label: 'Type', all: 'All types' }] : []}
          facets={facets.data}
          sorts={SORT_LABELS}
          onChange={list.change}
          statusFilter={false}
        />
      </div>

      <div className="mt-4">
        <ListBody
          list={files}
          plural="files"
          loadingText="Loading files..."
          failedText="Could not load the media library. Please try again."
          empty={
            <p className="mt-6 text-center text-slate-600">
              No files yet. Upload one to get started.
            </p>
          }
        >
          {(rows) => (
            <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
              {rows.map((file) => (
                <li
                  key={file.path}
                  className="flex flex-col overflow-hidden rounded-lg border border-slate-200"
                >
                  {file.kind === 'image' ? (
                    <img
                      src={mediaVariantFor(file.url, 320)}
                      alt=""
                      loading="lazy"
                      className="aspect-video w-full bg-slate-100 object-cover"
                    />
                  ) : (
                    <div className="flex aspect-video w-full items-center justify-center bg-slate-800 text-white">
                      <Film aria-hidden="true" className="h-8 w-8" />
                    </div>
                  )}
                  <div className="flex flex-1 flex-col gap-2 p-2">
                    <p className="break-all text-xs font-medium text-slate-900" title={file.path}>
                      {file.name}
                    </p>
                    <p className="text-xs text-slate-600">{formatBytes(file.size)}</p>
                    {file.width && file.height ? (
                      <p className="text-xs text-slate-600">
                        {`${file.width}×${file.height} · ${file.variants.length} ${file.variants.length === 1 ? 'size' : 'sizes'}`}
                      </p>
                    ) : null}
                    {file.kind === 'image' ? (
                      <AltTextForm
                        key={file.alt}
                        file={file}
                        onSaved={(saved) => {
                          setMessage(saved);
                          if (saved.tone === 'success') reload();
                        }}
                      />
                    ) : null}
                    {confirming === file.path ? (
                      <div
                        role="alertdialog"
                        aria-label="Confirm delete"
                        className="rounded bg-red-50 p-2"
                      >
                        <p className="text-xs text-red-900">
                          Are you sure you want to delete {file.name}?
                        </p>
                        <div className="mt-2 flex gap-2">
                          <button
                            type="button"
                            className="rounded bg-red-700 px-2 py-1 text-xs font-semibold text-white disabled:bg-red-400"
                            disabled={deleting}
                            onClick={() => void remove(file.path)}
                          >
                            {deleting ? 'Deleting...' : 'Delete'}
                          </button>
                          <button
                            type="button"
                            className="rounded border border-slate-300 bg-white px-2 py-1 text-xs"
                            disabled={deleting}
                            onClick={() => setConfirming(null)}
                          >
                            Cancel
                          </button>
                        </div>
                      </div>
                    ) : (
                      <div className="mt-auto flex gap-2">
                        {onPick ? (
                          <button
                            type="button"
                            aria-label={`Use ${file.name}`}
                            className="inline-flex flex-1 items-center justify-center gap-1 rounded bg-blue-700 px-2 py-1 text-xs font-semibold text-white hover:bg-blue-800"
                            onClick={() => onPick(file)}
                          >
                            <Check aria-hidden="true" className="h-3 w-3" />
                            Use
                          </button>
                        ) : null}
                        <button
                          type="button"
                          aria-label={`Delete ${file.name}`}
                          className="rounded border border-slate-300 px-2 py-1 text-red-700 hover:bg-red-50"
                          onClick={() => setConfirming(file.path)}
                        >
                          <Trash2 aria-hidden="true" className="h-4 w-4" />
                        </button>
                      </div>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </ListBody>
      </div>
    </div>
  );
}

/** The library in a dialog, for a form's field. Render it only while open: every opening starts fresh. */
export function MediaLibrary({
  accept,
  onPick,
  onClose,
}: {
  accept: MediaKind | 'any';
  onPick: (file: MediaFile) => void;
  onClose: () => void;
}) {
  const list = useLocalListQuery(mediaListOptions);
  return (
    <Modal open title="Media Library" onClose={onClose} size="xl">
      <MediaBrowser accept={accept} onPick={onPick} list={list} />
    </Modal>
  );
}
