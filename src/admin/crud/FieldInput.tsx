// One form control per field kind, labelled and tied to its error message.
import { lazy, Suspense } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';
import { MediaField } from '../media/MediaField';
import { buttonClass } from '../ui/PendingButton';
import type { Field, FieldErrors, FieldValue, FormValues, ImageDraft } from './types';

// The editor (Quill) is large; it loads only when a form that needs it opens.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

export function FieldInput<V extends FormValues>({
  field,
  values,
  errors,
  onChange,
}: {
  field: Field<V>;
  /** The whole form: a field may edit more than its own value (an image and its alt text). */
  values: V;
  errors: FieldErrors<V>;
  onChange: (name: keyof V & string, value: FieldValue) => void;
}) {
  const value = values[field.name] as FieldValue;
  const error = errors[field.name];
  const common = { label: field.label, error, hint: field.hint, required: field.required };
  const textValue = typeof value === 'string' ? value : '';
  switch (field.kind) {
    case 'checkbox':
      return (
        <CheckboxField
          label={field.label}
          hint={field.hint}
          error={error}
          name={field.name}
          checked={value === true}
          onChange={(event) => onChange(field.name, event.target.checked)}
        />
      );
    case 'textarea':
      return (
        <TextAreaField
          {...common}
          name={field.name}
          value={textValue}
          placeholder={field.placeholder}
          onChange={(event) => onChange(field.name, event.target.value)}
        />
      );
    case 'select':
      return (
        <SelectField
          {...common}
          name={field.name}
          value={textValue}
          options={field.options}
          onChange={(event) => onChange(field.name, event.target.value)}
        />
      );
    case 'media': {
      const altNames = field.alt;
      return (
        <MediaField
          {...common}
          accept={field.accept}
          value={textValue}
          placeholder={field.placeholder}
          onChange={(url) => onChange(field.name, url)}
          alt={
            altNames
              ? {
                  alt: String(values[altNames.text] ?? ''),
                  decorative: values[altNames.decorative] === true,
                  onAlt: (text) => onChange(altNames.text, text),
                  onDecorative: (decorative) => onChange(altNames.decorative, decorative),
                  error: errors[altNames.text],
                }
              : undefined
          }
        />
      );
    }
    case 'richtext':
      return (
        <Suspense fallback={<Spinner label="Loading editor..." />}>
          <RichTextEditor
            {...common}
            value={textValue}
            onChange={(html) => onChange(field.name, html)}
          />
        </Suspense>
      );
    case 'images':
      return (
        <ImageListField
          label={field.label}
          hint={field.hint}
          error={error}
          images={Array.isArray(value) ? value : []}
          onChange={(images) => onChange(field.name, images)}
        />
      );
    default:
      return (
        <TextField
          {...common}
          name={field.name}
          type={field.kind === 'date' ? 'date' : field.kind === 'url' ? 'url' : 'text'}
          inputMode={
            field.kind === 'integer' ? 'numeric' : field.kind === 'url' ? 'url' : undefined
          }
          value={textValue}
          placeholder={field.placeholder}
          onChange={(event) => onChange(field.name, event.target.value)}
        />
      );
  }
}

/** A news article's extra images: each an image (library or URL) with an optional caption. */
function ImageListField({
  label,
  hint,
  error,
  images,
  onChange,
}: {
  label: string;
  hint: string | undefined;
  error: string | undefined;
  images: ImageDraft[];
  onChange: (images: ImageDraft[]) => void;
}) {
  const update = (index: number, change: Partial<ImageDraft>) =>
    onChange(images.map((image, i) => (i === index ? { ...image, ...change } : image)));
  return (
    <fieldset
      className="rounded-lg border border-slate-300 p-4"
      aria-describedby={error ? 'extra-images-error' : undefined}
    >
      <legend className="px-1 text-sm font-medium text-slate-800">{label}</legend>
      {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      <ol className="mt-3 space-y-4">
        {images.map((image, index) => (
          <li key={index} className="rounded-lg bg-slate-50 p-3">
            <div className="grid gap-3 md:grid-cols-2">
              <MediaField
                label={`Extra image ${index + 1}`}
                accept="image"
                required
                value={image.url}
                onChange={(url) => update(index, { url })}
                alt={{
                  alt: image.alt,
                  decorative: image.decorative,
                  onAlt: (alt) => update(index, { alt }),
                  onDecorative: (decorative) => update(index, { decorative }),
                }}
              />
              <TextField
                label={`Caption for extra image ${index + 1}`}
                value={image.caption}
                onChange={(event) => update(index, { caption: event.target.value })}
              />
            </div>
            <button
              type="button"
              className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-red-700 hover:underline"
              onClick={() => onChange(images.filter((_, i) => i !== index))}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Remove extra image {index + 1}
            </button>
          </li>
        ))}
      </ol>
      {error ? (
        <p id="extra-images-error" role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className={`${buttonClass('neutral')} mt-3`}
        onClick={() => onChange([...images, { url: '', caption: '', alt: '', decorative: false }])}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        Add Extra Image
      </button>
    </fieldset>
  );
}
