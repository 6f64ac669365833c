// The public forms' trap for robots: a field no person sees or reaches (off screen, out of the
// tab order, hidden from assistive technology) that form-filling robots fill like any other.
// The form sends it as typed; the database drops a submission that filled it while answering as
// if it were stored (see HONEYPOT_FIELD in src/config/forms.ts).
import { useId, type ChangeEvent } from 'react';
import { HONEYPOT_FIELD } from '../config/forms';

export function Honeypot({
  value,
  onChange,
}: {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const id = useId();
  return (
    <div aria-hidden="true" className="sr-only">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        type="text"
        name={HONEYPOT_FIELD}
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={onChange}
      />
    </div>
  );
}
