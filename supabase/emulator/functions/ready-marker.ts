// The line an Edge Function's bootstrap (running under Deno) prints once its server listens; the
// emulator reads the port from it. One constant for both sides.
export const READY_MARKER = '[supabase-emulator] listening on port ';
