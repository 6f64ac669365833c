// asRole must give every request its own role and claims, and leave nothing behind for the next
// one, even when many run at once on PGlite's single connection (or a pg pool).
import { describe, expect, test } from 'vitest';
import { setupTestEmulator, TEST_CLOCK } from '../../tests/contract/harness';
import { clockDay, loadConfig } from './config';
import type { JwtClaims } from './types';

const em = setupTestEmulator();

interface Seen {
  who: string;
  claims: string | null;
  uid: string | null;
  role: string | null;
}

const PROBE = `select current_user as who, current_setting('request.jwt.claims', true) as claims,
  auth.uid()::text as uid, auth.role() as role`;

function claimsFor(i: number): JwtClaims {
  const role = (['anon', 'authenticated', 'service_role'] as const)[i % 3] ?? 'anon';
  const sub = `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`;
  return role === 'authenticated' ? { role, sub, app_metadata: { n: i } } : { role };
}

describe('asRole', () => {
  test('keeps role and claims apart across 90 concurrent transactions', async () => {
    const db = em().emulator.db;
    const results = await Promise.all(
      Array.from({ length: 90 }, (_, i) =>
        db.asRole(claimsFor(i), async (tx) => {
          const first = (await tx.query<Seen>(PROBE)).rows[0];
          // Yield between statements so other transactions get every chance to interleave.
          await new Promise((resolve) => setTimeout(resolve, i % 5));
          const second = (await tx.query<Seen>(PROBE)).rows[0];
          return { i, first, second };
        }),
      ),
    );
    for (const { i, first, second } of results) {
      const claims = claimsFor(i);
      expect(first).toEqual(second);
      expect(first?.who).toBe(claims.role);
      expect(JSON.parse(first?.claims ?? 'null')).toEqual(claims);
      expect(first?.role).toBe(claims.role);
      expect(first?.uid).toBe(claims.sub ?? null);
    }
  });

  test('leaves the superuser with no claims after a transaction, even one that failed', async () => {
    const db = em().emulator.db;
    await expect(
      db.asRole(
        { role: 'authenticated', sub: '00000000-0000-0000-0000-000000000001' },
        async (tx) => {
          await tx.query('select 1');
          throw new Error('boom');
        },
      ),
    ).rejects.toThrow('boom');
    await expect(
      db.asRole({ role: 'anon' }, (tx) => tx.query('select * from auth.users')),
    ).rejects.toThrow(/permission denied/);
    const after = (await db.query<Seen>(PROBE)).rows[0];
    expect(after?.who).not.toMatch(/^(anon|authenticated|service_role)$/);
    expect(after?.claims ?? '').toBe('');
    expect(after?.uid).toBeNull();
  });

  test('refuses a role that is not one of the API roles', async () => {
    await expect(
      em().emulator.db.asRole({ role: 'postgres' }, (tx) => tx.query('select 1')),
    ).rejects.toThrow('role "postgres" is not allowed');
  });

  test('lets Row Level Security see the claims: a write under anon is refused, under service_role allowed', async () => {
    const db = em().emulator.db;
    await expect(
      db.asRole({ role: 'anon' }, (tx) =>
        tx.query("insert into public.sponsors (name) values ('x')"),
      ),
    ).rejects.toMatchObject({ code: '42501' });
    const inserted = await db.asRole({ role: 'service_role' }, (tx) =>
      tx.query("insert into public.sponsors (name) values ('by service') returning id"),
    );
    expect(inserted.rows).toHaveLength(1);
  });
});

describe('queryAsRole (the pipelined read path)', () => {
  test('keeps role and claims apart across concurrent calls, mixed with asRole transactions', async () => {
    const db = em().emulator.db;
    const results = await Promise.all(
      Array.from({ length: 90 }, (_, i) =>
        i % 2
          ? db.queryAsRole<Seen>(claimsFor(i), PROBE, []).then((r) => ({ i, seen: r.rows[0] }))
          : db.asRole(claimsFor(i), async (tx) => ({
              i,
              seen: (await tx.query<Seen>(PROBE)).rows[0],
            })),
      ),
    );
    for (const { i, seen } of results) {
      expect(seen?.who).toBe(claimsFor(i).role);
      expect(JSON.parse(seen?.claims ?? 'null')).toEqual(claimsFor(i));
    }
    const after = (await db.query<Seen>(PROBE)).rows[0];
    expect(after?.claims ?? '').toBe('');
  });

  test('rolls back and resets the role when the statement fails', async () => {
    const db = em().emulator.db;
    await expect(
      db.queryAsRole({ role: 'anon' }, 'select $1::text::uuid', ['not-a-uuid']),
    ).rejects.toMatchObject({ code: '22P02' });
    await expect(
      db.queryAsRole({ role: 'anon' }, 'select * from auth.users', []),
    ).rejects.toMatchObject({
      code: '42501',
    });
    const after = (await db.query<Seen>(PROBE)).rows[0];
    expect(after?.who).not.toMatch(/^(anon|authenticated|service_role)$/);
    expect(after?.claims ?? '').toBe('');
    const again = await db.queryAsRole<{ n: number }>({ role: 'anon' }, 'select 1 as n', []);
    expect(again.rows).toEqual([{ n: 1 }]);
  });
});

describe('the pinned clock (private.today(), supabase/schemas/foundation.sql)', () => {
  /** private.today() and now() inside a request's transaction (as the superuser again, since
   * no API role may call private functions). */
  const days = () =>
    em().emulator.db.asRole({ role: 'anon' }, async (tx) => {
      const setting = (
        await tx.query<{ clock: string }>("select current_setting('app.clock', true) as clock")
      ).rows[0]?.clock;
      await tx.query('reset role');
      const row = (
        await tx.query<{ today: string; now: string }>(
          "select private.today()::text as today, (now() at time zone 'Europe/London')::date::text as now",
        )
      ).rows[0];
      return { setting, ...row };
    });
  const realLondonDay = () =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

  test('the clock option reaches today(); now() stays real; unset, today() is London’s date', async () => {
    const real = realLondonDay();
    expect(em().emulator.db.clock).toBe(TEST_CLOCK);
    expect(await days()).toEqual({ setting: TEST_CLOCK, today: TEST_CLOCK, now: real });
    try {
      // A date-time is taken as its day in London: 23:30 UTC on 30 June is 1 July there (BST).
      em().emulator.setClock('2026-06-30T23:30:00Z');
      expect((await days()).today).toBe('2026-07-01');
      em().emulator.setClock(null);
      const unpinned = await days();
      expect(unpinned.setting).toBe('');
      // Around midnight the real day may turn between the two reads.
      expect([real, realLondonDay()]).toContain(unpinned.today);
      // The pipelined read path carries the same day.
      em().emulator.setClock('2025-12-25');
      const piped = await em().emulator.db.queryAsRole<{ clock: string }>(
        { role: 'anon' },
        "select current_setting('app.clock', true) as clock",
        [],
      );
      expect(piped.rows[0]?.clock).toBe('2025-12-25');
    } finally {
      em().emulator.setClock(TEST_CLOCK);
    }
  });

  test('comes from the option or SUPABASE_CLOCK, and a day that is not a date is refused', () => {
    expect(loadConfig({ dataDir: null }, {}).clock).toBeNull();
    expect(loadConfig({ dataDir: null }, { SUPABASE_CLOCK: '2026-03-01' }).clock).toBe(
      '2026-03-01',
    );
    expect(
      loadConfig({ dataDir: null, clock: '2026-04-02' }, { SUPABASE_CLOCK: '2026-03-01' }).clock,
    ).toBe('2026-04-02');
    expect(clockDay('2026-01-15T01:00:00+02:00')).toBe('2026-01-14');
    for (const bad of ['2026-02-30', 'tomorrow', '01/03/2026'])
      expect(() => clockDay(bad)).toThrow(/Invalid clock/);
  });
});
