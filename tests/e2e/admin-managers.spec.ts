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
  /** The add form's text boxes by label, with `name` in the name/title field. */
  textboxes(name: string): Record<string, string>;
  /** The add form's select boxes by label. */
  selects?: Record<string, string>;
  /** Whatever else the form needs (the article's editor). */
  fillMore?(page: Page): Promise<void>;
  /** The label of the field that holds the name, changed by the edit step. */
  nameLabel: string;
  publicPath: string;
  /** Where on the public page the name shows (some pages need a search first). */
  findOnPublicPage?(page: Page, name: string): Promise<void>;
};

const IMAGE = 'seed/gallery/2019-black-forest-lanes.840x560.webp';

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
    textboxes: (name) => ({
      Name: name,
      // Events have real dates (issue 12); the public page lists the upcoming ones.
      'Start Date': '2030-06-22',
      'Date Display Text': 'June 22-28 (test)',
      Time: '9:00 AM',
      Location: 'Dover',
      Attendees: '40 cars',
      Description: 'A test event.',
    }),
    selects: { Type: 'Fundraiser' },
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
    textboxes: (name) => ({
      Year: '2019',
      'Funds Raised': '£9,999',
      Route: name,
      Participants: '12',
      Miles: '1200',
    }),
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
    textboxes: (name) => ({
      Title: name,
      Image: IMAGE,
      'Alt text for Image': 'A rally car on a lane through dark pines',
      Category: 'E2E',
    }),
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
    textboxes: (name) => ({
      Title: name,
      Video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      Category: 'Highlights',
    }),
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
    textboxes: (name) => ({ Name: name, Website: 'https://example.com' }),
    selects: { Tier: 'Tier 2' },
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
    textboxes: (name) => ({ Title: name, Excerpt: 'A short summary.' }),
    async fillMore(page) {
      await page.getByRole('textbox', { name: 'Content' }).click();
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
    textboxes: (name) => ({
      Name: name,
      Quote: `Best week of my life, said ${name}`,
      // First by sort order, so the home page quotes it.
      'Sort Order': '-1000',
    }),
  },
];

async function fillForm(page: Page, manager: Manager, name: string) {
  for (const [label, value] of Object.entries(manager.textboxes(name)))
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  for (const [label, value] of Object.entries(manager.selects ?? {}))
    await page.getByRole('combobox', { name: label, exact: true }).selectOption(value);
  await manager.fillMore?.(page);
}

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
      await fillForm(adminPage, manager, name);
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
