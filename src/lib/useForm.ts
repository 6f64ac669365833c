// The form core every hand-made form uses, public and admin: values, per-field errors shown beside
// the fields, focus moved to the first invalid field, the sending state while the submission
// runs, and the two ways a submission can fail: a refusal the server pins on one field (shown
// there, focused) or a failure of the whole form (said above the button). What was typed stays
// until the form is reset, so a failed save loses nothing.
import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { fieldRefusal, type FieldErrors } from './validation';

type Values = Record<string, string | boolean>;

const UNFORESEEN = 'Something went wrong. Please try again.';

export function useForm<V extends Values>(
  initial: V,
  validate: (values: V) => FieldErrors<Extract<keyof V, string>>,
  /** Told when a submission is refused by the form's own checks (a screen's summary). */
  onInvalid?: () => void,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<Extract<keyof V, string>>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The form last submitted, so focus moves within it (a page may hold several forms).
  const formElement = useRef<HTMLFormElement | null>(null);

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

  const focus = (names: readonly string[]) => {
    const controls = formElement.current?.querySelectorAll<HTMLElement>('[name]') ?? [];
    [...controls].find((control) => names.includes(control.getAttribute('name') ?? ''))?.focus();
  };

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

  /**
   * Validates; on errors shows them and focuses the first invalid control, else runs submit,
   * `sending` meanwhile. A failure said before is cleared first.
   */
  function onSubmit(submit: (values: V) => void | Promise<void>) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      formElement.current = event.currentTarget;
      const found = validate(values);
      setErrors(found);
      setFailure(null);
      const invalid = Object.keys(found).filter((name) => found[name as Key] !== undefined);
      if (invalid.length > 0) {
        onInvalid?.();
        return focus(invalid);
      }
      setSending(true);
      void Promise.resolve()
        .then(() => submit(values))
        // A submit handler says what went wrong itself; this is for what it did not foresee.
        .catch((error: unknown) => {
          console.warn('The form could not be sent', error);
          setFailure(UNFORESEEN);
        })
        .finally(() => setSending(false));
    };
  }

  /**
   * Shows the server's refusal of one of this form's fields beside it and focuses it; false when
   * the error names no field of this form (the caller then says what went wrong with `fail`).
   */
  function refuse(error: unknown): boolean {
    const refusal = fieldRefusal(error);
    if (!refusal || !(refusal.field in values)) return false;
    setErrors((previous) => ({ ...previous, [refusal.field]: refusal.message }));
    focus([refusal.field]);
    return true;
  }

  return {
    values,
    errors,
    field,
    checkbox,
    onSubmit,
    refuse,
    /** Whether a submission is running. */
    sending,
    /** What went wrong with the last submission as a whole, if anything. */
    failure,
    /** Says what went wrong with the submission as a whole (null clears it). */
    fail: setFailure,
    /** Sets a field's value as the visitor would (e.g. a choice carried in the page's URL). */
    set: update,
    reset: () => setValues(initial),
  };
}
