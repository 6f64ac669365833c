// The Audit log screen's filters, over the real list and actor reads answered from memory
// (the log's reads themselves are tested against the emulator in tests/contract/audit-log.test.ts).
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fakeDb } from '../../test/fakeRest';
import { AuditLogPage } from './AuditLogPage';

const entry = (table: string, actor: string, at: string) => ({
  id: crypto.randomUUID(),
  at,
  actor_email: actor,
  action: 'created',
  table_name: table,
  row_id: crypto.randomUUID(),
  label: `A ${table} row`,
  changed_columns: [],
});

const { db } = vi.hoisted(() => ({ db: { current: null as unknown } }));
vi.mock('../supabase', () => ({
  get supabase() {
    return db.current;
  },
}));

describe('AuditLogPage', { timeout: 20_000 }, () => {
  it('names each content type and gives no made-up count', async () => {
    db.current = fakeDb({
      audit_log: [
        entry('gallery_images', 'ann@example.org', '2026-03-01T10:00:00Z'),
        entry('gallery_images', 'ann@example.org', '2026-03-01T11:00:00Z'),
        entry('sponsors', 'bob@example.org', '2026-03-01T12:00:00Z'),
      ],
      audit_actors: [
        { actor_email: 'ann@example.org', entries: 2 },
        { actor_email: 'bob@example.org', entries: 1 },
      ],
    }).db;
    render(
      <MemoryRouter initialEntries={['/admin/audit-log']}>
        <Routes>
          <Route path="*" element={<AuditLogPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByRole('list', { name: 'Audit log entries' });
    const content = screen.getByRole('combobox', { name: 'Content' });
    const labels = within(content)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(labels).toEqual([
      'All content',
      'Event',
      'Past tour',
      'Gallery image',
      'Video',
      'Sponsor',
      'Article',
      'Testimonial',
      'Setting',
    ]);
    expect(within(content).getByRole('option', { name: 'Gallery image' })).toHaveValue(
      'gallery_images',
    );
    // The Who filter's counts are the log's own.
    const who = screen.getByRole('combobox', { name: 'Who' });
    expect(await within(who).findByRole('option', { name: 'ann@example.org (2)' })).toBeVisible();
  });
});
