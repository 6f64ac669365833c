// What the database's refusal of a public submission means to the visitor. Every public form's
// write is guarded by the same rules in the database (supabase/schemas/submissions.sql
// and the submit_* functions of supabase/schemas/registrations.sql): too many submissions answer HTTP
// 429, a field the database refuses 400 with the field in `details` and a message for the
// visitor, a full rally 409, a registration outside its window 409 with the calendar's phase in
// `details` ('before-opening' or 'closed', supabase/schemas/registrations.sql) and the sentence for the
// visitor, the waiting list of an edition with places left 409 with 'places-left' in `details`
// (supabase/schemas/waiting_list.sql); anything else refused is a failure the form reports.

import type { FieldRefusal } from '../lib/validation';

export type SubmissionRefusal =
  'rate-limited' | 'invalid' | 'full' | 'not-open' | 'places-left' | 'failed';

type Answer = {
  error: { message?: string; details?: string | null } | null;
  status: number;
};

export class SubmissionError extends Error {
  constructor(
    readonly reason: SubmissionRefusal,
    readonly status: number,
    options?: { cause?: unknown; field?: string; visitorMessage?: string },
  ) {
    super(`The submission was refused (${reason}, HTTP ${status})`, options);
    this.name = 'SubmissionError';
    this.visitorMessage = options?.visitorMessage ?? null;
    this.refusal =
      options?.field && this.visitorMessage
        ? { field: options.field, message: this.visitorMessage }
        : null;
  }
  /** The database's sentence for the visitor (a refused field's, or the calendar's). */
  readonly visitorMessage: string | null;
  /** The form field the database refused (a name of the form's values), with its sentence. */
  readonly refusal: FieldRefusal | null;
}

/** The calendar phases in which the database refuses a registration (its `details`). */
const NOT_OPEN = new Set(['before-opening', 'closed']);

function reasonOf(status: number, details: string | null | undefined): SubmissionRefusal {
  if (status === 429) return 'rate-limited';
  if (status === 409 && details === 'places-left') return 'places-left';
  if (status === 409) return NOT_OPEN.has(details ?? '') ? 'not-open' : 'full';
  if (status === 400) return 'invalid';
  return 'failed';
}

/** Throws the refusal of an insert's or a submit function's answer, if it was one. */
export function throwIfRefused(answer: Answer): void {
  if (!answer.error) return;
  const { details, message } = answer.error;
  const reason = reasonOf(answer.status, details);
  const field = reason === 'invalid' ? (details ?? undefined) : undefined;
  throw new SubmissionError(reason, answer.status, {
    cause: answer.error,
    ...(field ? { field, visitorMessage: message ?? '' } : {}),
    ...(reason === 'not-open' && message ? { visitorMessage: message } : {}),
  });
}
