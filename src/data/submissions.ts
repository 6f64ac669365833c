// What the database's refusal of a public submission means to the visitor. Every public form's
// write is guarded by the same rules in the database (supabase/migrations/20260204000000_public_submissions.sql
// and the submit_* functions of 20260301000000_organiser.sql): too many submissions answer HTTP
// 429, a field the database refuses 400 with the field in `details` and a message for the
// visitor, a full rally 409; anything else refused is a failure the form reports.

export type SubmissionRefusal = 'rate-limited' | 'invalid' | 'full' | 'failed';

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
    this.field = options?.field ?? null;
    this.visitorMessage = options?.visitorMessage ?? null;
  }
  /** The form field the database refused (a name of the form's values), if it named one. */
  readonly field: string | null;
  /** The database's message for that field, written for the visitor. */
  readonly visitorMessage: string | null;
}

function reasonOf(status: number): SubmissionRefusal {
  if (status === 429) return 'rate-limited';
  if (status === 409) return 'full';
  if (status === 400) return 'invalid';
  return 'failed';
}

/** Throws the refusal of an insert's or a submit function's answer, if it was one. */
export function throwIfRefused(answer: Answer): void {
  if (!answer.error) return;
  const reason = reasonOf(answer.status);
  const field = reason === 'invalid' ? (answer.error.details ?? undefined) : undefined;
  throw new SubmissionError(reason, answer.status, {
    cause: answer.error,
    ...(field ? { field, visitorMessage: answer.error.message ?? '' } : {}),
  });
}
