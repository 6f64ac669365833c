// An image or video field: a URL input plus 'Choose from library', used by every media field.
import { useState } from 'react';
import { FolderOpen } from 'lucide-react';
import { TextField } from '../../components/FormField';
import { ImageWithFallback } from '../ui/ImageWithFallback';
import { buttonClass } from '../ui/PendingButton';
import type { MediaKind } from '../../data/media';
import { MediaLibrary } from './MediaLibrary';

export function MediaField({
  label,
  accept,
  value,
  onChange,
  error,
  hint,
  required,
  placeholder,
}: {
  label: string;
  accept: MediaKind;
  value: string;
  onChange: (url: string) => void;
  error?: string;
  hint?: string;
  required?: boolean;
  placeholder?: string;
}) {
  const [libraryOpen, setLibraryOpen] = useState(false);
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
      <div className="mt-2 flex items-center gap-3">
        <button
          type="button"
          className={buttonClass('neutral')}
          onClick={() => setLibraryOpen(true)}
          aria-label={`Choose from library: ${label}`}
        >
          <FolderOpen aria-hidden="true" className="h-4 w-4" />
          Choose from library
        </button>
        {accept === 'image' && value.trim() ? (
          <ImageWithFallback
            src={value.trim()}
            alt={`Preview of ${label}`}
            className="h-12 w-16 rounded object-cover"
          />
        ) : null}
      </div>
      {libraryOpen ? (
        <MediaLibrary
          accept={accept}
          onClose={() => setLibraryOpen(false)}
          onPick={(url) => {
            onChange(url);
            setLibraryOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}
