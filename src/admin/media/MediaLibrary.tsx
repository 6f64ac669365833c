// The media library dialog: the files of the `media` bucket, newest first, with upload (button
// or drag-and-drop), delete, and "use this file" for the field that opened it.
import { useId, useState, type DragEvent } from 'react';
import { Check, Film, Trash2, Upload } from 'lucide-react';
import { Modal } from '../../components/Modal';
import { MEDIA_ACCEPT } from '../../config/media';
import { Spinner } from '../../components/Spinner';
import { FormMessage } from '../../components/FormField';
import {
  isAllowedMedia,
  listMediaFiles,
  removeMediaFile,
  uploadMediaFile,
  type MediaFile,
  type MediaKind,
} from '../../data/media';
import { formatBytes } from '../../lib/format';
import { LoadFailed } from '../ui/LoadFailed';
import { buttonClass } from '../ui/PendingButton';
import { useLoad } from '../../lib/useLoad';
import { supabase } from '../supabase';

type Message = { tone: 'error' | 'success'; text: string };

const NO_FILES: MediaFile[] = [];
const listFiles = () => listMediaFiles(supabase.storage);

/** Render it only while open: every opening starts fresh. */
export function MediaLibrary({
  accept,
  onPick,
  onClose,
}: {
  /** Which files the calling field can use; the library lists only those. */
  accept: MediaKind | 'any';
  onPick: (url: string) => void;
  onClose: () => void;
}) {
  // The library loads when it opens (it is mounted only while open) and after every change.
  const {
    data: files,
    loading,
    failed: loadFailed,
    reload,
  } = useLoad('media files', listFiles, { empty: NO_FILES });
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [dragging, setDragging] = useState(false);
  const inputId = useId();

  async function upload(selected: File[]) {
    if (selected.length === 0 || progress) return;
    const refused = selected.filter((file) => !isAllowedMedia(file.name));
    const allowed = selected.filter((file) => isAllowedMedia(file.name));
    setMessage(
      refused.length
        ? {
            tone: 'error',
            text: `${refused.map((file) => file.name).join(', ')}: only JPG, PNG, GIF, WebP, MP4 and WebM files can be uploaded.`,
          }
        : null,
    );
    if (allowed.length === 0) return;
    setProgress({ done: 0, total: allowed.length });
    let failed = false;
    for (const [index, file] of allowed.entries()) {
      try {
        await uploadMediaFile(supabase.storage, file);
      } catch (error) {
        console.warn('Upload failed', file.name, error);
        failed = true;
      }
      setProgress({ done: index + 1, total: allowed.length });
    }
    setProgress(null);
    if (failed) setMessage({ tone: 'error', text: 'Error uploading file. Please try again.' });
    else if (!refused.length)
      setMessage({
        tone: 'success',
        text: allowed.length === 1 ? 'File uploaded.' : `${allowed.length} files uploaded.`,
      });
    reload();
  }

  async function remove(path: string) {
    setDeleting(true);
    try {
      await removeMediaFile(supabase.storage, path);
      setMessage(null);
      setConfirming(null);
      reload();
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

  const shown = accept === 'any' ? files : files.filter((file) => file.kind === accept);

  return (
    <Modal open title="Media Library" onClose={onClose} size="xl">
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
        <p className="mt-2 text-xs text-slate-600">JPG, PNG, GIF, WebP, MP4 or WebM</p>
        {progress ? (
          <div role="status" className="mt-3">
            <p className="text-sm font-medium text-slate-800">
              Uploading {Math.min(progress.done + 1, progress.total)} of {progress.total}...
            </p>
            <progress
              className="mt-1 h-2 w-full"
              max={progress.total}
              value={progress.done}
              aria-label="Upload progress"
            />
          </div>
        ) : null}
      </div>

      <div className="mt-4">
        {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
      </div>

      {loading ? (
        <Spinner label="Loading files..." />
      ) : loadFailed ? (
        <LoadFailed
          className="mt-4"
          message="Could not load the media library. Please try again."
          onRetry={reload}
        />
      ) : shown.length === 0 ? (
        <p className="mt-6 text-center text-slate-600">No files yet. Upload one to get started.</p>
      ) : (
        <ul className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
          {shown.map((file) => (
            <li
              key={file.path}
              className="flex flex-col overflow-hidden rounded-lg border border-slate-200"
            >
              {file.kind === 'image' ? (
                <img
                  src={file.url}
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
                {confirming === file.path ? (
                  <div
                    role="alertdialog"
                    aria-label="Confirm delete"
                    className="rounded bg-red-50 p-2"
                  >
                    <p className="text-xs text-red-900">
                      Are you sure you want to delete this file?
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
                    <button
                      type="button"
                      aria-label={`Use ${file.name}`}
                      className="inline-flex flex-1 items-center justify-center gap-1 rounded bg-blue-700 px-2 py-1 text-xs font-semibold text-white hover:bg-blue-800"
                      onClick={() => onPick(file.url)}
                    >
                      <Check aria-hidden="true" className="h-3 w-3" />
                      Use
                    </button>
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
    </Modal>
  );
}
