// The shape of a UUID (what Postgres prints), for checking an identifier before it is sent or
// used: the site's article pages, the Edge Functions' checks of what a caller sends
// (_shared/validate.ts) and the local Supabase stand-in's admin API read this one pattern.
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(text: string): boolean {
  return UUID_PATTERN.test(text);
}
