// Shared steps of the admin specs: unique names and the manager screen's common actions.
import { expect, type Locator, type Page } from '@playwright/test';

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
