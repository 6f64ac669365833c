// The shared manager screen's states and form rules, driven by the real sponsor description.
// Persistence is an in-memory list here (the data calls themselves are tested against the
// emulator in tests/contract/admin-data.test.ts).
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, test } from 'vitest';
import type { Sponsor } from '../../data/types';
import { publicDb } from '../../data/client';
import { sponsorToRow, sponsorsManager } from './sponsors';
import { ContentManager } from '../crud/ContentManager';
import { ToastProvider } from '../ui/Toast';

type Failures = { save?: boolean; remove?: boolean };

function sponsor(overrides: Partial<Sponsor>): Sponsor {
  return {
    id: crypto.randomUUID(),
    name: 'Acme Motors',
    tier: 'Tier 1',
    logo_url: null,
    logo_alt: '',
    logo_decorative: false,
    website_url: null,
    published: false,
    sort_order: 0,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    deleted_at: null,
    deleted_by: null,
    ...overrides,
  };
}

function renderManager(initial: Sponsor[] = [], failures: Failures = {}) {
  const rows = [...initial];
  const restored: string[] = [];
  const saved: ReturnType<typeof sponsorToRow>[] = [];
  const description = {
    ...sponsorsManager,
    listPage: async () => ({
      rows: rows.map((row) => ({ ...row })),
      total: rows.length,
      tableTotal: rows.length,
      page: 1,
      pageCount: 1,
    }),
    facets: async () => ({}),
    async save(_db: unknown, values: Parameters<typeof sponsorToRow>[0], editing: Sponsor | null) {
      if (failures.save) throw new Error('refused');
      const row = sponsorToRow(values);
      saved.push(row);
      if (editing) Object.assign(rows.find((r) => r.id === editing.id) ?? {}, row);
      else
        rows.push(
          sponsor({ ...row, logo_url: row.logo_url ?? null, website_url: row.website_url ?? null }),
        );
    },
    batch: {
      ...sponsorsManager.batch,
      async trash(_db: unknown, ids: readonly string[]) {
        if (failures.remove) throw new Error('refused');
        for (const id of ids)
          rows.splice(
            rows.findIndex((r) => r.id === id),
            1,
          );
      },
      async restore(_db: unknown, ids: readonly string[]) {
        restored.push(...ids);
      },
      async setPublished(_db: unknown, ids: readonly string[], published: boolean) {
        for (const id of ids) Object.assign(rows.find((r) => r.id === id) ?? {}, { published });
      },
    },
    // Moving rows needs the database's function (tested end to end in the browser).
    ordering: undefined,
  };
  render(
    <MemoryRouter initialEntries={['/admin/sponsors']}>
      <Routes>
        <Route
          path="/admin/sponsors"
          element={
            <ToastProvider>
              <ContentManager description={description} db={publicDb} />
            </ToastProvider>
          }
        />
        <Route path="/admin/dashboard" element={<h1>Dashboard</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return { rows, saved, restored, user: userEvent.setup() };
}

describe('the content manager', () => {
  test('shows its loading text, then the empty state with the first-item button', async () => {
    renderManager();
    expect(screen.getByText('Loading sponsors...')).toBeVisible();
    expect(await screen.findByText('No sponsors yet')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add Your First Sponsor' })).toBeVisible();
    expect(screen.getByText('0 sponsors total')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
  });

  test('opens the add form with the defaults and hides the add button while it is open', async () => {
    const { user } = renderManager();
    await user.click(await screen.findByRole('button', { name: 'Add Sponsor' }));
    expect(screen.queryByRole('button', { name: 'Add Sponsor' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Tier' })).toHaveValue('Tier 3');
    expect(screen.getByRole('option', { name: 'Tier 1 (Highest)' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Sort Order' })).toHaveValue('0');
    expect(screen.getByRole('checkbox', { name: 'Published' })).not.toBeChecked();
  });

  test('shows each validation message next to its field and saves nothing', async () => {
    const { user, saved } = renderManager();
    await user.click(await screen.findByRole('button', { name: 'Add Sponsor' }));
    await user.clear(screen.getByRole('textbox', { name: 'Sort Order' }));
    await user.type(screen.getByRole('textbox', { name: 'Sort Order' }), '2.5');
    await user.type(screen.getByRole('textbox', { name: 'Website' }), 'acme');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'Name is required.',
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Sort Order' })).toHaveAccessibleDescription(
      'Please enter a whole number, such as 0.',
    );
    expect(screen.getByRole('textbox', { name: 'Website' })).toHaveAccessibleDescription(
      'Please enter a web address starting with https://.',
    );
    expect(saved).toEqual([]);
  });

  test('keeps everything typed when the save fails, and says so', async () => {
    const { user } = renderManager([], { save: true });
    await user.click(await screen.findByRole('button', { name: 'Add Sponsor' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Rally Oil');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tier' }), 'Tier 1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error saving sponsor. Please try again.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Rally Oil');
    expect(screen.getByRole('combobox', { name: 'Tier' })).toHaveValue('Tier 1');
  });

  test('saves integers as integers, closes, reloads the list, and the next form is back to Tier 3', async () => {
    const { user, saved } = renderManager();
    await user.click(await screen.findByRole('button', { name: 'Add Sponsor' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Rally Oil');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tier' }), 'Tier 1');
    await user.clear(screen.getByRole('textbox', { name: 'Sort Order' }));
    await user.type(screen.getByRole('textbox', { name: 'Sort Order' }), '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const row = await screen.findByRole('listitem');
    expect(within(row).getByText('Rally Oil')).toBeVisible();
    expect(within(row).getByText('Draft')).toBeVisible();
    expect(within(row).getByText('Order: 12')).toBeVisible();
    expect(saved[0]).toMatchObject({
      name: 'Rally Oil',
      tier: 'Tier 1',
      sort_order: 12,
      published: false,
    });
    expect(screen.getByText('1 sponsor total')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add Sponsor' }));
    expect(screen.getByRole('combobox', { name: 'Tier' })).toHaveValue('Tier 3');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  test('pre-fills the edit form, empty optional fields as empty text', async () => {
    const { user } = renderManager([
      sponsor({ name: 'Acme Motors', tier: 'Tier 2', sort_order: 3 }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Edit Acme Motors' }));
    expect(screen.getByRole('heading', { name: 'Edit sponsor' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Acme Motors');
    expect(screen.getByRole('combobox', { name: 'Tier' })).toHaveValue('Tier 2');
    expect(screen.getByRole('textbox', { name: 'Website' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Sort Order' })).toHaveValue('3');
  });

  test('lists a sponsor with its badges, a new-tab website link and its order, and toggles publishing', async () => {
    const { user } = renderManager([
      sponsor({ website_url: 'https://acme.example', sort_order: 2 }),
    ]);
    const row = await screen.findByRole('listitem');
    const link = within(row).getByRole('link', { name: 'Visit Website →' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(row).getByText('Tier 1')).toBeVisible();
    expect(within(row).getByText('Order: 2')).toBeVisible();
    await user.click(within(row).getByRole('button', { name: 'Publish Acme Motors' }));
    expect(await within(row).findByText('Published')).toBeVisible();
  });

  test('asks before deleting, naming the sponsor with the spec wording, and reports a failed delete', async () => {
    const { user, rows } = renderManager([sponsor({})], { remove: true });
    await user.click(await screen.findByRole('button', { name: 'Delete Acme Motors' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “Acme Motors”?' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this sponsor?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting sponsor. Please try again.')).toBeVisible();
    expect(rows).toHaveLength(1);
  });

  test('moves a deleted sponsor to the trash with a toast whose Undo restores it', async () => {
    const { user, rows, restored } = renderManager([sponsor({ id: 'acme' })]);
    await user.click(await screen.findByRole('button', { name: 'Delete Acme Motors' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const toast = await screen.findByText('“Acme Motors” moved to the trash.');
    expect(toast.closest('[role="status"]')).not.toBeNull();
    expect(rows).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('“Acme Motors” restored from the trash.')).toBeVisible();
    expect(restored).toEqual(['acme']);
  });

  test('publishes the selected sponsors in one call, with one toast naming the count', async () => {
    const { user, rows } = renderManager([
      sponsor({ name: 'Acme Motors' }),
      sponsor({ name: 'Bolt Tyres' }),
    ]);
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('2 sponsors selected')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Publish selected' }));
    expect(await screen.findByText('2 sponsors published.')).toBeVisible();
    expect(rows.every((row) => row.published)).toBe(true);
  });

  test('asks before throwing away unsaved changes, and keeps them on "Keep editing"', async () => {
    const { user } = renderManager();
    await user.click(await screen.findByRole('button', { name: 'Add Sponsor' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Half typed');
    await user.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Half typed');
    await user.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard changes' }),
    );
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('closes an unchanged form without asking', async () => {
    const { user } = renderManager();
    await user.click(await screen.findByRole('button', { name: 'Add Sponsor' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
  });
});
