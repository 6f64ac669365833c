// What the database's refusal of a public submission means to the visitor. Every public form's
// insert (contact messages now; registrations, enquiries and subscribers later) is guarded by the
// same rules in the database (supabase/migrations/20260204000000_public_submissions.sql): too
// many submissions answer HTTP 429, anything else refused is a failure the form reports.

export type SubmissionRefusal = 'rate-limited' | 'failed';

export class SubmissionError extends Error {
  constructor(
    readonly reason: SubmissionRefusal,
    readonly status: number,
    options?: { cause?: unknown },
  ) {
    super(`The submission was refused (${reason}, HTTP ${status})`, options);
    this.name = 'SubmissionError';
  }
}

/** Throws the refusal of an insert's answer, if it was one. */
export function throwIfRefused(answer: { error: unknown; status: number }): void {
  if (!answer.error) return;
  throw new SubmissionError(answer.status === 429 ? 'rate-limited' : 'failed', answer.status, {
    cause: answer.error,
  });
}
