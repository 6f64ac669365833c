// A signed-in user without the administrator role sees a refusal, and the database refuses
// their writes too.
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../src/data/types';
import { ClosedWebSocket } from '../support/closed-websocket';
import { test, expect } from './fixtures';
import { createVisitor, signInOnForm } from './admin-helpers';
import { e2e } from './servers';

const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

test('a signed-in user who is not an administrator can neither see the managers nor change anything', async ({
  page,
  serviceDb,
}) => {
  const { email, password, remove } = await createVisitor(serviceDb);
  try {
    await page.goto('/admin/gallery');
    await signInOnForm(page, email, password);
    await expect(
      page.getByRole('heading', { name: 'This account is not an administrator' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Gallery Manager' })).toHaveCount(0);

    // The database refuses their writes whatever the screen shows.
    const visitor = createClient<Database>(e2e.emulatorUrl, ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ClosedWebSocket },
    });
    expect((await visitor.auth.signInWithPassword({ email, password })).error).toBeNull();
    const insert = await visitor
      .from('gallery_images')
      .insert({ title: 'Not allowed', url: 'x.webp' });
    expect(insert.error?.code).toBe('42501');
    const update = await visitor
      .from('site_settings')
      .update({ value: '0' })
      .eq('key', 'fundraising_goal')
      .select();
    expect(update.data ?? []).toEqual([]);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  } finally {
    await remove();
  }
});
