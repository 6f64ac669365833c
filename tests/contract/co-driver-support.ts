// What issue 25's co-driver, fundraising and team-pack contract tests share (co-driver.test.ts,
// hostile-co-driver.test.ts, team-pack.test.ts): an Edge Function called as the browser calls it,
// the links an email carries (the lead's team page, the co-driver's section), and a co-driver
// secret as the email's sender makes one.
import { expect } from 'vitest';
import { http, type TestEmulator } from './harness';

/** Calls an Edge Function with a JSON body (the anon key unless another is given). */
export function callFunction(
  em: TestEmulator,
  name: string,
  body: Record<string, unknown>,
  key = em.anonKey,
) {
  return http(em, `/functions/v1/${name}`, {
    method: 'POST',
    key,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });
}

/** Every secret of the form `<site>/my-registration/<secret>` (the lead's page) in a text. */
export function teamLinksIn(site: string, text: string | null): string[] {
  const found = new RegExp(`${site}/my-registration/([A-Za-z0-9_-]{43})`, 'g');
  return [...(text ?? '').matchAll(found)].map((match) => match[1] ?? '');
}

/** Every secret of the form `<site>/my-registration/co-driver/<secret>` in a text. */
export function coDriverLinksIn(site: string, text: string | null): string[] {
  const found = new RegExp(`${site}/my-registration/co-driver/([A-Za-z0-9_-]{43})`, 'g');
  return [...(text ?? '').matchAll(found)].map((match) => match[1] ?? '');
}

/** A fresh co-driver secret for the registration (the service role's issue_co_driver_link). */
export async function coDriverLink(em: TestEmulator, registrationId: string): Promise<string> {
  const { data, error } = await em.service.rpc('issue_co_driver_link', {
    registration: registrationId,
  });
  expect(error).toBeNull();
  expect(data).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return data ?? '';
}
