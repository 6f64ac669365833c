// The one add/edit form every manager uses, built from the description's fields.
import { useEffect, useRef, type FormEvent } from 'react';
import { FormMessage } from '../../components/FormField';
import { FieldInput } from './FieldInput';
import { PendingButton, buttonClass } from '../ui/PendingButton';
import type { Field, FieldErrors, FieldValue, FormValues } from './types';

export function EntityForm<V extends FormValues>({
  heading,
  fields,
  values,
  errors,
  attempt,
  saveError,
  saving,
  onChange,
  onSubmit,
  onCancel,
}: {
  heading: string;
  fields: readonly Field<V>[];
  values: V;
  errors: FieldErrors<V>;
  /** Bumped by each refused submission. */
  attempt: number;
  saveError: string | null;
  saving: boolean;
  onChange: (name: keyof V & string, value: FieldValue) => void;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const form = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  // After a failed validation, focus the first field that has a message.
  useEffect(() => {
    if (attempt > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form
      ref={form}
      noValidate
      method="post"
      onSubmit={submit}
      aria-labelledby="entity-form-heading"
      className="mb-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2
        id="entity-form-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-bold text-slate-900 focus:outline-none"
      >
        {heading}
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {fields.map((field) => (
          <div key={field.name} className={field.half ? '' : 'md:col-span-2'}>
            <FieldInput field={field} values={values} errors={errors} onChange={onChange} />
          </div>
        ))}
      </div>
      {saveError ? (
        <div className="mt-4">
          <FormMessage tone="error">{saveError}</FormMessage>
        </div>
      ) : null}
      <div className="mt-6 flex gap-3">
        <PendingButton type="submit" pending={saving} pendingLabel="Saving...">
          Save
        </PendingButton>
        <button
          type="button"
          className={buttonClass('neutral')}
          onClick={onCancel}
          disabled={saving}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
