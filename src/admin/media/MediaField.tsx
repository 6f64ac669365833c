// An image or video field: a URL input plus 'Choose from library', used by every media field.
// A library file shows as its thumbnail and file name. An image field can carry its alt text and
// the "decorative" choice; picking a file whose library entry has a default alt text fills an
// empty alt field with it.
import { useState } from 'react';
import { FolderOpen } from 'lucide-react';
import { CheckboxField, TextField } from '../../components/FormField';
import { mediaVariantFor } from '../../config/media';
import { ImageWithFallback } from '../ui/ImageWithFallback';
import { buttonClass } from '../ui/PendingButton';
import type { MediaFile, MediaKind } from '../../data/media';
import { MediaLibrary } from './MediaLibrary';

/** An image's description, edited beside it. */
export type AltInput = {
  alt: string;
  decorative: boolean;
  onAlt: (alt: string) => void;
  onDecorative: (decorative: boolean) => void;
  error?: string;
};

/** 'https://…/media/2026/03/alps-k3j9x2.4000x3000.jpg' → 'alps-k3j9x2.4000x3000.jpg'. */
function fileName(value: string): string {
  const path = value.split(/[?#]/)[0] ?? '';
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
}

export function MediaField({
  label,
  accept,
  value,
  onChange,
  error,
  hint,
  required,
  placeholder,
  alt,
}: {
  label: string;
  accept: MediaKind;
  value: string;
  onChange: (url: string) => void;
  error?: string;
  hint?: string;
  required?: boolean;
  placeholder?: string;
  alt?: AltInput;
}) {
  const [libraryOpen, setLibraryOpen] = useState(false);
  const chosen = value.trim();
  function pick(file: MediaFile) {
    onChange(file.url);
    if (alt && !alt.alt.trim() && file.alt) alt.onAlt(file.alt);
    setLibraryOpen(false);
  }
  return (
    <div>
      <TextField
        label={label}
        error={error}
        hint={hint}
        required={required}
        inputMode="url"
        placeholder={placeholder ?? 'https://...'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={buttonClass('neutral')}
          onClick={() => setLibraryOpen(true)}
          aria-label={`Choose from library: ${label}`}
        >
          <FolderOpen aria-hidden="true" className="h-4 w-4" />
          Choose from library
        </button>
        {accept === 'image' && chosen ? (
          <span className="flex min-w-0 items-center gap-2">
            <ImageWithFallback
              src={mediaVariantFor(chosen, 320)}
              alt=""
              className="h-12 w-16 shrink-0 rounded object-cover"
            />
            <span className="break-all text-sm text-slate-700">{fileName(chosen)}</span>
          </span>
        ) : null}
      </div>
      {alt ? (
        <div className="mt-3 grid gap-2">
          <TextField
            label={`Alt text for ${label}`}
            hint="Say what the picture shows, for people who cannot see it. Required to publish, unless the image is decorative."
            error={alt.error}
            value={alt.alt}
            maxLength={500}
            disabled={alt.decorative}
            onChange={(event) => alt.onAlt(event.target.value)}
          />
          <CheckboxField
            label={`${label} is decorative`}
            hint="It adds nothing that the text around it does not say: screen readers skip it."
            checked={alt.decorative}
            onChange={(event) => alt.onDecorative(event.target.checked)}
          />
        </div>
      ) : null}
      {libraryOpen ? (
        <MediaLibrary accept={accept} onClose={() => setLibraryOpen(false)} onPick={pick} />
      ) : null}
    </div>
  );
}
