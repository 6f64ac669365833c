// Labelled form controls whose error message is tied to the control (aria-describedby,
// aria-invalid) so it is announced with the field.
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { formatWholeNumber } from '../lib/format';

const control =
  'mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-amber-500 focus:outline-none focus:ring-2 focus:ring-amber-500/40';

function classes(error: string | undefined) {
  return `${control} ${error ? 'border-red-600' : 'border-slate-300'}`;
}

type Common = { label: string; error?: string; hint?: ReactNode; required?: boolean };

/** The longest value the field takes, stated under it (the database holds it to the same). */
type Limit = { limit?: number };

/** A field's hint with its length limit, so the visitor knows it before the form refuses them. */
function limitHint(hint: ReactNode, limit: number | undefined): ReactNode {
  if (limit === undefined) return hint;
  const stated = `Up to ${formatWholeNumber(limit)} characters.`;
  return hint ? (
    <>
      {hint} {stated}
    </>
  ) : (
    stated
  );
}

/** The '*' after a required field's label (hidden from screen readers, which hear "required"). */
export function RequiredMark({ required }: { required?: boolean }) {
  return required ? (
    <span aria-hidden="true" className="text-red-700">
      {' '}
      *
    </span>
  ) : null;
}

/** A field's hint and error, with the ids its control's aria-describedby names. */
export function FieldNotes({
  id,
  hint,
  error,
  indent = false,
}: {
  id: string;
  hint?: ReactNode;
  error?: string;
  /** Line the notes up with a checkbox's label. */
  indent?: boolean;
}) {
  const className = indent ? ' ml-9' : '';
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className={`mt-1 text-sm text-slate-600${className}`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={`mt-1 text-sm font-medium text-red-700${className}`}>
          {error}
        </p>
      ) : null}
    </>
  );
}

export function describedBy(id: string, error?: string, hint?: ReactNode) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

/** The attributes that tie a control to its label, hint and error. */
function controlAttributes(id: string, { error, hint, required }: Omit<Common, 'label'>) {
  return {
    id,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, hint),
  };
}

function Field({
  id,
  label,
  error,
  hint,
  required,
  children,
}: Common & { id: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        <RequiredMark required={required} />
      </label>
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

export function TextField({
  label,
  error,
  hint: given,
  required,
  limit,
  ...input
}: Common & Limit & Omit<InputHTMLAttributes<HTMLInputElement>, 'required'>) {
  const id = useId();
  const hint = limitHint(given, limit);
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required}>
      <input
        {...controlAttributes(id, { error, hint, required })}
        className={classes(error)}
        {...input}
      />
    </Field>
  );
}

export function TextAreaField({
  label,
  error,
  hint: given,
  required,
  limit,
  ...textarea
}: Common & Limit & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'required'>) {
  const id = useId();
  const hint = limitHint(given, limit);
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required}>
      <textarea
        rows={5}
        {...controlAttributes(id, { error, hint, required })}
        className={classes(error)}
        {...textarea}
      />
    </Field>
  );
}

/** An email address; browsers offer the visitor's own unless autoComplete says otherwise. */
export function EmailField(
  props: Common & Limit & Omit<InputHTMLAttributes<HTMLInputElement>, 'required'>,
) {
  return <TextField type="email" autoComplete="email" {...props} />;
}

export function SelectField({
  label,
  error,
  hint,
  required,
  options,
  placeholder,
  ...select
}: Common & {
  options: readonly { value: string; label: string }[];
  /** The first, empty choice ('Choose a subject'), when nothing is chosen to begin with. */
  placeholder?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'required' | 'children'>) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required}>
      <select
        {...controlAttributes(id, { error, hint, required })}
        className={classes(error)}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function CheckboxField({
  label,
  error,
  hint,
  required,
  ...input
}: Omit<Common, 'label'> & { label: ReactNode } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'required' | 'type'
  >) {
  const id = useId();
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          {...controlAttributes(id, { error, hint, required })}
          className="mt-0.5 h-6 w-6 shrink-0 rounded border-slate-400 text-amber-600 accent-amber-600 focus:ring-2 focus:ring-amber-500"
          {...input}
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <FieldNotes id={id} hint={hint} error={error} indent />
    </div>
  );
}

/** The banner after a submission: role="alert" for failures, role="status" for success. */
export function FormMessage({
  tone,
  children,
}: {
  tone: 'error' | 'success';
  children: ReactNode;
}) {
  return tone === 'error' ? (
    <p
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-800"
    >
      {children}
    </p>
  ) : (
    <p
      role="status"
      className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 font-medium text-emerald-800"
    >
      {children}
    </p>
  );
}
