// Form state shared by the public forms: values, per-field errors shown beside the fields, and
// focus moved to the first invalid field when a submission is refused.
import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FieldErrors } from './validation';

type Values = Record<string, string | boolean>;

export function useForm<V extends Values>(
  initial: V,
  validate: (values: V) => FieldErrors<Extract<keyof V, string>>,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<Extract<keyof V, string>>>({});

  type Key = Extract<keyof V, string>;
  type KeyOf<T> = { [K in Key]: V[K] extends T ? K : never }[Key];

  // Stable, so an effect may set a field (see `set`).
  const update = useCallback((name: Key, next: string | boolean) => {
    setValues((previous) => ({ ...previous, [name]: next }));
    // Editing a field clears its error.
    setErrors((previous) =>
      previous[name] === undefined ? previous : { ...previous, [name]: undefined },
    );
  }, []);

  /** Props for a text input, textarea or select named after its field. */
  function field(name: KeyOf<string>) {
    return {
      name,
      value: values[name] as string,
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        update(name, event.currentTarget.value),
    };
  }

  /** Props for a checkbox named after its (boolean) field. */
  function checkbox(name: KeyOf<boolean>) {
    return {
      name,
      checked: values[name] as boolean,
      error: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => update(name, event.currentTarget.checked),
    };
  }

  /** Validates; on errors shows them and focuses the first invalid control, else calls submit. */
  function onSubmit(submit: (values: V) => void | Promise<void>) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const found = validate(values);
      setErrors(found);
      const invalid = Object.keys(found);
      if (invalid.length > 0) {
        const controls = event.currentTarget.querySelectorAll<HTMLElement>('[name]');
        const first = [...controls].find((control) =>
          invalid.includes(control.getAttribute('name') ?? ''),
        );
        first?.focus();
        return;
      }
      void submit(values);
    };
  }

  /** Shows a field's error the server gave (the values stay as typed) and focuses the field. */
  function refuse(name: string, message: string): boolean {
    if (!(name in values)) return false;
    setErrors((previous) => ({ ...previous, [name]: message }));
    document.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
    return true;
  }

  return {
    values,
    errors,
    field,
    checkbox,
    onSubmit,
    refuse,
    /** Sets a field's value as the visitor would (e.g. a choice carried in the page's URL). */
    set: update,
    reset: () => setValues(initial),
  };
}
