// Every content manager, end to end: create → publish → it appears on its public page → edit →
// unpublish → it disappears → delete.
import type { Page } from '@playwright/test';
import { test, expect, type ServiceDb } from './fixtures';
import { confirmDelete, managerRow, save, uniqueName } from './admin-helpers';

type Manager = {
  path: string;
  heading: string;
  addLabel: string;
  noun: string;
  table:
    | 'events'
    | 'past_tours'
    | 'gallery_images'
    | 'videos'
    | 'sponsors'
    | 'news_articles'
    | 'testimonials';
  /** The column that holds the unique name (for cleaning up). */
  nameColumn: 'name' | 'title' | 'route';
  /** Fills the add form; `name` goes into the name/title field. */
  fill(page: Page, name: string): Promise<void>;
  /** The label of the field that holds the name, changed by the edit step. */
  nameLabel: string;
  publicPath: string;
  /** Where on the public page the name shows (some pages need a search first). */
  findOnPublicPage?(page: Page, name: string): Promise<void>;
};

const IMAGE = 'seed/gallery/2019-black-forest-lanes.webp';

const managers: Manager[] = [
  {
    path: 'events',
    heading: 'Events Manager',
    addLabel: 'Add Event',
    noun: 'event',
    table: 'events',
    nameColumn: 'name',
    nameLabel: 'Name',
    publicPath: '/2026-rally',
    async fill(page, name) {
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await page.getByRole('textbox', { name: 'Date', exact: true }).fill('June 22-28, 2026');
      await page.getByRole('textbox', { name: 'Time', exact: true }).fill('9:00 AM');
      await page.getByRole('textbox', { name: 'Location', exact: true }).fill('Dover');
      await page.getByRole('combobox', { name: 'Type', exact: true }).selectOption('Fundraiser');
      await page.getByRole('textbox', { name: 'Attendees', exact: true }).fill('40 cars');
      await page.getByRole('textbox', { name: 'Description', exact: true }).fill('A test event.');
    },
  },
  {
    path: 'past-tours',
    heading: 'Past Tours Manager',
    addLabel: 'Add Tour',
    noun: 'tour',
    table: 'past_tours',
    nameColumn: 'route',
    nameLabel: 'Route',
    publicPath: '/about',
    async fill(page, name) {
      await page.getByRole('textbox', { name: 'Year', exact: true }).fill('2019');
      await page.getByRole('textbox', { name: 'Funds Raised', exact: true }).fill('£9,999');
      await page.getByRole('textbox', { name: 'Route', exact: true }).fill(name);
      await page.getByRole('textbox', { name: 'Participants', exact: true }).fill('12');
      await page.getByRole('textbox', { name: 'Miles', exact: true }).fill('1200');
    },
  },
  {
    path: 'gallery',
    heading: 'Gallery Manager',
    addLabel: 'Add Image',
    noun: 'image',
    table: 'gallery_images',
    nameColumn: 'title',
    nameLabel: 'Title',
    publicPath: '/gallery',
    async fill(page, name) {
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(name);
      await page.getByRole('textbox', { name: 'Image' }).fill(IMAGE);
      await page.getByRole('textbox', { name: 'Category', exact: true }).fill('E2E');
    },
    async findOnPublicPage(page, name) {
      await page.getByPlaceholder('Search photos...').fill(name);
    },
  },
  {
    path: 'videos',
    heading: 'Videos Manager',
    addLabel: 'Add Video',
    noun: 'video',
    table: 'videos',
    nameColumn: 'title',
    nameLabel: 'Title',
    publicPath: '/videos',
    async fill(page, name) {
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(name);
      await page
        .getByRole('textbox', { name: 'Video' })
        .fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    },
  },
  {
    path: 'sponsors',
    heading: 'Sponsors Manager',
    addLabel: 'Add Sponsor',
    noun: 'sponsor',
    table: 'sponsors',
    nameColumn: 'name',
    nameLabel: 'Name',
    publicPath: '/sponsors',
    async fill(page, name) {
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await page.getByRole('combobox', { name: 'Tier', exact: true }).selectOption('Tier 2');
      await page.getByRole('textbox', { name: 'Website' }).fill('https://example.com');
    },
  },
  {
    path: 'news',
    heading: 'News Manager',
    addLabel: 'Add Article',
    noun: 'article',
    table: 'news_articles',
    nameColumn: 'title',
    nameLabel: 'Title',
    publicPath: '/news',
    async fill(page, name) {
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(name);
      await page.getByRole('textbox', { name: 'Excerpt', exact: true }).fill('A short summary.');
      const editor = page.getByRole('textbox', { name: 'Content' });
      await editor.click();
      await page.keyboard.type('The article body.');
    },
  },
  {
    path: 'testimonials',
    heading: 'Testimonials Manager',
    addLabel: 'Add Testimonial',
    noun: 'testimonial',
    table: 'testimonials',
    nameColumn: 'name',
    nameLabel: 'Name',
    publicPath: '/',
    async fill(page, name) {
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await page
        .getByRole('textbox', { name: 'Quote', exact: true })
        .fill(`Best week of my life, said ${name}`);
      // First by sort order, so the home page quotes it.
      await page.getByRole('textbox', { name: 'Sort Order', exact: true }).fill('-1000');
    },
  },
];

async function removeLeftovers(serviceDb: ServiceDb, manager: Manager, prefix: string) {
  await serviceDb.from(manager.table).delete().like(manager.nameColumn, `${prefix}%`);
}

for (const manager of managers) {
  test.describe(manager.heading, () => {
    const prefix = `E2E ${manager.noun}`;
    test.afterEach(async ({ serviceDb }) => removeLeftovers(serviceDb, manager, prefix));

    test(`creates, publishes, edits, unpublishes and deletes ${/^[aeiou]/.test(manager.noun) ? 'an' : 'a'} ${manager.noun}, and the public page follows`, async ({
      adminPage,
      page,
    }) => {
      // Seven page loads and six writes: more than the default budget on a busy 2-core machine.
      test.slow();
      const name = uniqueName(prefix);
      const edited = `${name} edited`;
      await adminPage.goto(`/admin/${manager.path}`);
      await expect(adminPage.getByRole('heading', { name: manager.heading })).toBeVisible();
      await expect(adminPage.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
        'href',
        '/admin/dashboard',
      );
      await expect(adminPage.getByText(/\d+ \w+ total/)).toBeVisible();

      await adminPage.getByRole('button', { name: manager.addLabel, exact: true }).click();
      await manager.fill(adminPage, name);
      await save(adminPage);
      const row = managerRow(adminPage, name);
      await expect(row).toContainText('Draft');

      await adminPage.getByRole('button', { name: `Publish ${name}`, exact: false }).click();
      await expect(row).toContainText('Published');

      await page.goto(manager.publicPath);
      await manager.findOnPublicPage?.(page, name);
      await expect(page.getByText(name, { exact: false }).first()).toBeVisible();

      await adminPage.getByRole('button', { name: `Edit ${name}` }).click();
      await expect(
        adminPage.getByRole('textbox', { name: manager.nameLabel, exact: true }),
      ).toHaveValue(name);
      await adminPage.getByRole('textbox', { name: manager.nameLabel, exact: true }).fill(edited);
      await save(adminPage);
      const editedRow = managerRow(adminPage, edited);
      await expect(editedRow).toContainText('Published');

      await adminPage.getByRole('button', { name: `Unpublish ${edited}`, exact: false }).click();
      await expect(editedRow).toContainText('Draft');

      await page.goto(manager.publicPath);
      await manager.findOnPublicPage?.(page, edited);
      await page.waitForLoadState('networkidle');
      await expect(page.getByText(name, { exact: false })).toHaveCount(0);

      await confirmDelete(adminPage, manager.noun, edited);
    });
  });
}
