// Shared steps of the admin specs: unique names, a signed-in visitor who is not an administrator,
// a second administrator, the link of an email the mail catcher holds, the manager screen's
// common actions, and both clocks (the browser's and the database's) pinned to one day.
import { expect, type Locator, type Page } from '@playwright/test';
import type { ServiceDb } from './fixtures';
import { e2e } from './servers';

export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The list entry (card or row) of a manager that shows `text`. */
export function managerRow(page: Page, text: string): Locator {
  return page.getByRole('listitem').filter({ hasText: text });
}

export async function save(page: Page) {
  await page.getByRole('button', { name: 'Save' }).click();
}

export async function confirmDelete(page: Page, noun: string, name: string) {
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Are you sure you want to delete this ${noun}?`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(managerRow(page, name)).toHaveCount(0);
}

/** A confirmed user without the administrator role; `remove` deletes it again. */
export async function createVisitor(serviceDb: ServiceDb) {
  const email = `${uniqueName('visitor').replace(/\s+/g, '-').toLowerCase()}@example.com`;
  const password = 'not-an-admin-2026';
  const { data, error } = await serviceDb.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
  });
  expect(error).toBeNull();
  const user = data.user;
  if (!user) throw new Error('the emulator created no user');
  expect(user.app_metadata.role).toBeUndefined();
  return {
    email,
    password,
    remove: async () => {
      await serviceDb.auth.admin.deleteUser(user.id);
    },
  };
}

/** Signs in through the login form that guards `page`'s current admin screen. */
export async function signInOnForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A confirmed administrator besides the seeded one; `remove` deletes the account again. */
export async function createAdministrator(serviceDb: ServiceDb, prefix = 'admin') {
  const email = `${uniqueName(prefix).replace(/\s+/g, '-').toLowerCase()}@example.com`;
  const { data, error } = await serviceDb.auth.admin.createUser({
    email,
    password: 'second-admin-2026',
    email_confirm: true,
    app_metadata: { role: 'admin' },
  });
  expect(error).toBeNull();
  const id = data.user?.id ?? '';
  return { email, id, remove: () => serviceDb.auth.admin.deleteUser(id) };
}

export type CaughtMail = { subject: string; html: string | null; text: string | null };

/** The emails the local mail catcher holds for an address, newest first (read over HTTP). */
export async function mailTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(
    `${e2e.emulatorUrl}/local/mail/messages?to=${encodeURIComponent(address)}`,
    { headers: { apikey: e2e.serviceRoleKey } },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as CaughtMail[];
}

/** The link in the newest email the local mail catcher holds for `address`. */
export async function emailedLink(address: string): Promise<string> {
  const [newest] = await mailTo(address);
  const href = /href="([^"]+)"/.exec(newest?.html ?? '')?.[1];
  if (!href) throw new Error(`no emailed link for ${address}`);
  return href.replace(/&#38;/g, '&');
}

/** Changes one field of the current edition on the Editions screen and saves it. */
export async function saveCurrentEdition(page: Page, label: string, value: string) {
  await page.goto('/admin/editions');
  const current = page.getByTestId('edition-row').filter({ hasText: 'current' });
  await current.getByRole('button', { name: /^Edit the / }).click();
  const form = page.getByRole('form', { name: /^Edit the / });
  await form.getByLabel(label).fill(value);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved the / })).toBeVisible();
}

async function databaseClock(method: 'POST' | 'DELETE', day?: string) {
  const response = await fetch(`${e2e.emulatorUrl}/local/clock`, {
    method,
    headers: { apikey: e2e.serviceRoleKey, 'content-type': 'application/json' },
    ...(day === undefined ? {} : { body: JSON.stringify({ day }) }),
  });
  expect(response.status, `${method} /local/clock`).toBe(200);
}

/**
 * Pins both clocks to `day` (YYYY-MM-DD): the database's (private.today(), which checks the
 * registration window) and each page's, at noon in London, so what a page offers the server
 * accepts. Specs that call it run in the "shared state" project, one at a time, and call
 * restoreDatabaseClock() when they end, however they end.
 */
export async function pinClocks(day: string, ...pages: Page[]) {
  await databaseClock('POST', day);
  for (const page of pages) await page.clock.setFixedTime(new Date(`${day}T12:00:00+00:00`));
}

/** Puts the database's day back to the one the e2e emulator started with (e2e.clock). */
export async function restoreDatabaseClock() {
  await databaseClock('DELETE');
}
