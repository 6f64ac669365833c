// Who may do what, decided by the schema's Row Level Security and grants (supabase/schemas):
// anonymous visitor, signed-in user without the admin role, and administrator, against every table.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import type { TableName } from '../../src/data/types';
import type { JwtClaims } from '../../supabase/emulator';
import { realImage } from '../support/crafted-images';
import { arrangeRow, setupTestEmulator, type Client } from './harness';

const em = setupTestEmulator();

type Caller = 'anon' | 'visitor' | 'admin';
const CALLERS: Caller[] = ['anon', 'visitor', 'admin'];
const client = (caller: Caller): Client => em()[caller];

// The organiser's inboxes have their own matrix (organiser.test.ts); media files and the audit log theirs.
type Publishable = Exclude<
  TableName,
  | 'payment_exceptions'
  | 'site_settings'
  | 'contact_messages'
  | 'news_article_images'
  | 'media_files'
  | 'audit_log'
  | 'registrations'
  | 'sponsorship_enquiries'
  | 'newsletter_subscribers'
  | 'editions'
  | 'registration_payments'
  | 'email_log'
  | 'waiting_list_entries'
  | 'consent_wordings'
  | 'registration_drivers'
  | 'team_documents'
  | 'mailings'
  | 'mailing_recipients'
  | 'consent_records'
>;

/** A valid row for each table (the `published` flag is added by the caller). */
const NEW_ROW: Record<Publishable, (tag: string) => Record<string, unknown>> = {
  sponsors: (tag) => ({ name: tag, tier: 'Tier 2' }),
  news_articles: (tag) => ({ title: tag, excerpt: 'e', content: '<p>c</p>' }),
  gallery_images: (tag) => ({ title: tag, url: 'seed/gallery/x.webp', alt: `${tag} photo` }),
  videos: (tag) => ({ title: tag, url: 'https://www.youtube.com/watch?v=abc' }),
  testimonials: (tag) => ({ name: tag, quote: 'Brilliant' }),
  events: (tag) => ({
    name: tag,
    date: '22 June 2026',
    time: '09:00',
    location: 'Dover',
    attendees: '40',
  }),
  past_tours: (tag) => ({ route: tag, participants: 10, funds_raised: '£1,000', miles: 900 }),
};
/** The column each table's update changes. */
const TEXT_COLUMN: Record<Publishable, string> = {
  sponsors: 'name',
  news_articles: 'title',
  gallery_images: 'title',
  videos: 'title',
  testimonials: 'name',
  events: 'name',
  past_tours: 'route',
};
const PUBLISHABLE = Object.keys(NEW_ROW) as Publishable[];

const arrange = (table: TableName, row: Record<string, unknown>) => arrangeRow(em(), table, row);

async function exists(table: TableName, id: string): Promise<Record<string, unknown> | null> {
  const { data } = await em().service.from(table).select('*').eq('id', id).maybeSingle();
  return (data as Record<string, unknown> | null) ?? null;
}

const refusal = (caller: Caller) => (caller === 'anon' ? 401 : 403);

describe.each(PUBLISHABLE)('%s', (table) => {
  const ids = { published: '', draft: '' };
  beforeAll(async () => {
    ids.published = await arrange(table, {
      ...NEW_ROW[table](`${table} published`),
      published: true,
    });
    ids.draft = await arrange(table, { ...NEW_ROW[table](`${table} draft`), published: false });
  });

  test.each(CALLERS)('%s reads the published row', async (caller) => {
    const { data, error } = await client(caller).from(table).select('id').eq('id', ids.published);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
  });

  test.each(CALLERS)('%s reads the draft only when an administrator', async (caller) => {
    const { data, error } = await client(caller).from(table).select('id').eq('id', ids.draft);
    expect(error).toBeNull();
    expect(data).toHaveLength(caller === 'admin' ? 1 : 0);
  });

  test.each(CALLERS)('%s inserts only when an administrator', async (caller) => {
    const tag = `${table} insert ${caller} ${randomUUID()}`;
    const { error, status } = await client(caller)
      .from(table)
      .insert(NEW_ROW[table](tag) as never);
    if (caller === 'admin') {
      expect(error).toBeNull();
      expect(status).toBe(201);
    } else {
      expect(status).toBe(refusal(caller));
      expect(error?.code).toBe('42501');
      expect(error?.message).toBe(
        `new row violates row-level security policy for table "${table}"`,
      );
    }
  });

  test.each(CALLERS)(
    '%s updates only when an administrator; others change nothing',
    async (caller) => {
      const value = `changed by ${caller}`;
      const { data, error } = await client(caller)
        .from(table)
        .update({ [TEXT_COLUMN[table]]: value } as never)
        .eq('id', ids.published)
        .select('id');
      expect(error).toBeNull();
      expect(data).toHaveLength(caller === 'admin' ? 1 : 0);
      const row = await exists(table, ids.published);
      expect(row?.[TEXT_COLUMN[table]] === value).toBe(caller === 'admin');
    },
  );

  test.each(CALLERS)(
    '%s deletes only when an administrator; others delete nothing',
    async (caller) => {
      const id = await arrange(table, {
        ...NEW_ROW[table](`${table} delete ${caller}`),
        published: true,
      });
      const { error, status } = await client(caller).from(table).delete().eq('id', id);
      expect(error).toBeNull();
      expect(status).toBe(204);
      expect(Boolean(await exists(table, id))).toBe(caller !== 'admin');
    },
  );
});

describe('news_article_images (published with their article)', () => {
  const ids = { publishedArticle: '', published: '', draft: '' };
  beforeAll(async () => {
    ids.publishedArticle = await arrange('news_articles', {
      title: 'With images',
      published: true,
    });
    const draftArticle = await arrange('news_articles', {
      title: 'Draft with images',
      published: false,
    });
    ids.published = await arrange('news_article_images', {
      article_id: ids.publishedArticle,
      url: 'a.png',
      alt: 'A',
      sort_order: 0,
    });
    ids.draft = await arrange('news_article_images', {
      article_id: draftArticle,
      url: 'b.png',
      sort_order: 0,
    });
  });

  test.each(CALLERS)(
    '%s reads images of a published article, drafts only as administrator',
    async (caller) => {
      const pub = await client(caller)
        .from('news_article_images')
        .select('id')
        .eq('id', ids.published);
      expect(pub.data).toHaveLength(1);
      const draft = await client(caller)
        .from('news_article_images')
        .select('id')
        .eq('id', ids.draft);
      expect(draft.data).toHaveLength(caller === 'admin' ? 1 : 0);
    },
  );

  test.each(CALLERS)(
    '%s inserts, updates and deletes images only when an administrator',
    async (caller) => {
      const insert = await client(caller)
        .from('news_article_images')
        .insert({
          article_id: ids.publishedArticle,
          url: `${caller}.png`,
          alt: caller,
          sort_order: 1,
        });
      expect(insert.status).toBe(caller === 'admin' ? 201 : refusal(caller));
      const update = await client(caller)
        .from('news_article_images')
        .update({ caption: caller })
        .eq('id', ids.published)
        .select('id');
      expect(update.data).toHaveLength(caller === 'admin' ? 1 : 0);
      const victim = await arrange('news_article_images', {
        article_id: ids.publishedArticle,
        url: 'v.png',
        alt: 'V',
        sort_order: 2,
      });
      await client(caller).from('news_article_images').delete().eq('id', victim);
      expect(Boolean(await exists('news_article_images', victim))).toBe(caller !== 'admin');
    },
  );
});

describe('media_files (administrators only: read, describe, forget; rows come from storage)', () => {
  let id = '';
  beforeAll(async () => {
    const path = `rls/${randomUUID()}.png`;
    const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
    const { error } = await em()
      .service.storage.from('media')
      .upload(path, new Blob([png], { type: 'image/png' }));
    expect(error).toBeNull();
    id = String(
      (await em().service.from('media_files').select('id').eq('path', path).single()).data?.id,
    );
  });

  test.each(CALLERS)('%s reads the library only when an administrator', async (caller) => {
    const { data } = await client(caller).from('media_files').select('id').eq('id', id);
    expect(data ?? []).toHaveLength(caller === 'admin' ? 1 : 0);
  });

  test.each(CALLERS)(
    '%s reads an upload only once the media-check function has checked it',
    async (caller) => {
      const path = `rls/unchecked-${randomUUID()}.png`;
      const png = await realImage('png', 2, 2);
      const stored = await em()
        .admin.storage.from('media')
        .upload(path, new Blob([png], { type: 'image/png' }));
      expect(stored.error).toBeNull();
      const read = () => client(caller).from('media_files').select('id').eq('path', path);
      expect((await read()).data ?? []).toHaveLength(0);
      const checked = await em().admin.functions.invoke('media-check', { body: { path } });
      expect(checked.error).toBeNull();
      expect((await read()).data ?? []).toHaveLength(caller === 'admin' ? 1 : 0);
    },
  );

  test.each(CALLERS)('%s inserts a row never (storage does)', async (caller) => {
    const { status } = await client(caller)
      .from('media_files')
      .insert({ path: `forged/${caller}.png` } as never);
    expect(status).toBe(refusal(caller));
  });

  test.each(CALLERS)('%s changes the alt text only when an administrator', async (caller) => {
    const { data } = await client(caller)
      .from('media_files')
      .update({ alt: `by ${caller}` })
      .eq('id', id)
      .select('alt');
    expect(data ?? []).toHaveLength(caller === 'admin' ? 1 : 0);
    // The size and variants are storage's to say.
    const forged = await client(caller).from('media_files').update({ width: 1 }).eq('id', id);
    expect(forged.status).toBe(refusal(caller));
  });

  test.each(CALLERS)('%s deletes a row only when an administrator', async (caller) => {
    const victim = `rls/${randomUUID()}.png`;
    const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
    await em()
      .service.storage.from('media')
      .upload(victim, new Blob([png], { type: 'image/png' }));
    await client(caller).from('media_files').delete().eq('path', victim);
    const { data } = await em().service.from('media_files').select('id').eq('path', victim);
    expect(data ?? []).toHaveLength(caller === 'admin' ? 0 : 1);
  });
});

describe('site_settings (everyone reads; only administrators change values; nobody adds or removes keys)', () => {
  test.each(CALLERS)('%s reads the settings', async (caller) => {
    const { data, error } = await client(caller)
      .from('site_settings')
      .select('value')
      .eq('key', 'fundraising_goal')
      .single();
    expect(error).toBeNull();
    expect(data?.value).toMatch(/^\d+$/);
  });

  test.each(CALLERS)('%s updates a value only when an administrator', async (caller) => {
    const value = caller === 'admin' ? '11' : '0';
    const { data, error, status } = await client(caller)
      .from('site_settings')
      .update({ value, updated_at: new Date().toISOString() })
      .eq('key', 'fundraising_goal')
      .select('value');
    if (caller === 'anon') {
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
    } else {
      expect(error).toBeNull();
      expect(data).toHaveLength(caller === 'admin' ? 1 : 0);
    }
    const { data: row } = await em()
      .service.from('site_settings')
      .select('value')
      .eq('key', 'fundraising_goal')
      .single();
    expect(row?.value === '0').toBe(false);
  });

  test.each(CALLERS)('%s cannot change a key', async (caller) => {
    const { error, status } = await client(caller)
      .from('site_settings')
      .update({ key: 'renamed' })
      .eq('key', 'fundraising_goal');
    expect(status).toBe(refusal(caller));
    expect(error?.code).toBe('42501');
  });

  test.each(CALLERS)('%s cannot insert or delete a setting', async (caller) => {
    const insert = await client(caller)
      .from('site_settings')
      .insert({ key: `new_${caller}`, value: 'x' });
    expect(insert.status).toBe(refusal(caller));
    expect(insert.error?.message).toBe('permission denied for table site_settings');
    const remove = await client(caller)
      .from('site_settings')
      .delete()
      .eq('key', 'fundraising_goal');
    expect(remove.status).toBe(refusal(caller));
    const { data } = await em()
      .service.from('site_settings')
      .select('key')
      .eq('key', 'fundraising_goal');
    expect(data).toHaveLength(1);
  });
});

describe("editions (everyone reads the published; only administrators read drafts and write; the current flag is make_current_edition()'s)", () => {
  const ids = { published: '', draft: '' };
  let year = 2090;
  let publishedYear = 0;
  const edition = (status: 'draft' | 'published') => {
    year += 1;
    return {
      year,
      name: `${year} Rally`,
      start_date: `${year}-06-20`,
      end_date: `${year}-06-26`,
      price_per_car: 100_000,
      deposit: 10_000,
      capacity: 5,
      registration_opens: `${year - 1}-11-01`,
      registration_closes: `${year}-05-31`,
      status,
    };
  };
  beforeAll(async () => {
    ids.published = await arrange('editions', edition('published'));
    publishedYear = year;
    ids.draft = await arrange('editions', edition('draft'));
  });

  test.each(CALLERS)(
    '%s reads the published edition, the draft only as administrator',
    async (caller) => {
      const { data, error } = await client(caller)
        .from('editions')
        .select('id')
        .in('id', [ids.published, ids.draft]);
      expect(error).toBeNull();
      expect(data?.map((row) => row.id).sort()).toEqual(
        (caller === 'admin' ? [ids.published, ids.draft] : [ids.published]).sort(),
      );
    },
  );

  test.each(CALLERS)('%s inserts only when an administrator', async (caller) => {
    const { status, error } = await client(caller).from('editions').insert(edition('draft'));
    if (caller === 'admin') {
      expect(error).toBeNull();
      expect(status).toBe(201);
    } else {
      expect(status).toBe(refusal(caller));
      expect(error?.code).toBe('42501');
    }
  });

  test.each(CALLERS)('%s updates and deletes only when an administrator', async (caller) => {
    const victim = await arrange('editions', edition('published'));
    const update = await client(caller)
      .from('editions')
      .update({ name: `renamed by ${caller}` })
      .eq('id', victim)
      .select('id');
    expect(update.data ?? []).toHaveLength(caller === 'admin' ? 1 : 0);
    await client(caller).from('editions').delete().eq('id', victim);
    expect(Boolean(await exists('editions', victim))).toBe(caller !== 'admin');
  });

  test.each(CALLERS)('%s cannot set the current flag by writing the row', async (caller) => {
    const { status, error } = await client(caller)
      .from('editions')
      .update({ is_current: true })
      .eq('id', ids.published);
    expect(status).toBe(refusal(caller));
    expect(error?.code).toBe('42501');
    expect((await exists('editions', ids.published))?.is_current).toBe(false);
  });

  test.each(CALLERS)('%s makes an edition current only when an administrator', async (caller) => {
    const { data: before } = await em()
      .service.from('editions')
      .select('year')
      .eq('is_current', true)
      .single();
    const { error } = await client(caller).rpc('make_current_edition', {
      edition_year: publishedYear,
    });
    const { data: after } = await em()
      .service.from('editions')
      .select('year')
      .eq('is_current', true)
      .single();
    if (caller === 'admin') {
      expect(error).toBeNull();
      expect(after?.year).not.toBe(before?.year);
      // Back, so the other files' registrations stay with the seeded edition.
      await em().admin.rpc('make_current_edition', { edition_year: before?.year ?? 0 });
    } else {
      expect(error?.code).toBe('42501');
      expect(after?.year).toBe(before?.year);
    }
  });
});

describe('contact_messages (visitors may only send; administrators read and delete)', () => {
  let existing = '';
  beforeAll(async () => {
    existing = await arrange('contact_messages', {
      name: 'Existing',
      email: 'existing@example.com',
      subject: 'rally',
      message: 'Is there space?',
    });
  });

  test.each(CALLERS)('%s sends a message', async (caller) => {
    const { error, status } = await client(caller)
      .from('contact_messages')
      .insert({
        name: caller,
        email: `${caller}@example.com`,
        subject: 'general',
        message: 'Hello',
      });
    expect(error).toBeNull();
    expect(status).toBe(201);
  });

  test.each(CALLERS)('%s reads messages only when an administrator', async (caller) => {
    const { data, error } = await client(caller)
      .from('contact_messages')
      .select('id')
      .eq('id', existing);
    expect(error).toBeNull();
    expect(data).toHaveLength(caller === 'admin' ? 1 : 0);
  });

  test.each(CALLERS)('%s cannot edit a message', async (caller) => {
    const { error, status } = await client(caller)
      .from('contact_messages')
      .update({ message: 'edited' })
      .eq('id', existing);
    expect(status).toBe(refusal(caller));
    expect(error?.code).toBe('42501');
  });

  test.each(CALLERS)('%s deletes a message only when an administrator', async (caller) => {
    const id = await arrange('contact_messages', {
      name: 'Victim',
      email: 'v@example.com',
      subject: 'other',
      message: 'Bye',
    });
    const { error } = await client(caller).from('contact_messages').delete().eq('id', id);
    expect(error).toBeNull();
    expect(Boolean(await exists('contact_messages', id))).toBe(caller !== 'admin');
  });

  test.each(CALLERS)('%s may insert only the form’s columns, never the id', async (caller) => {
    const { error, status } = await client(caller)
      .from('contact_messages')
      .insert({
        id: randomUUID(),
        name: caller,
        email: `${caller}.id@example.com`,
        subject: 'general',
        message: 'Hello',
      });
    expect(status).toBe(refusal(caller));
    expect(error?.message).toBe('permission denied for table contact_messages');
  });

  test('refuses a message with a subject outside the list', async () => {
    const { error, status } = await em()
      .anon.from('contact_messages')
      .insert({ name: 'A', email: 'a@example.com', subject: 'spam' as never, message: 'x' });
    expect(status).toBe(400);
    expect(error?.code).toBe('23514');
  });
});

describe('payment_exceptions (administrators read and resolve; only the webhook writes)', () => {
  let id = '';
  beforeAll(async () => {
    id = await arrange('payment_exceptions', {
      event_id: `evt_${randomUUID()}`,
      event_type: 'checkout.session.completed',
      reason: 'amount',
      expected_amount: 25_000,
      amount: 100,
      currency: 'gbp',
    });
  });

  test.each(CALLERS)('%s reads exceptions only when an administrator', async (caller) => {
    const { data, error, status } = await client(caller)
      .from('payment_exceptions')
      .select('id')
      .eq('id', id);
    if (caller === 'anon') {
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
    } else expect(data).toHaveLength(caller === 'admin' ? 1 : 0);
  });

  test.each(CALLERS)('%s records a resolution only when an administrator', async (caller) => {
    const { data } = await client(caller)
      .from('payment_exceptions')
      .update({ resolution: 'refunded', note: `by ${caller}` })
      .eq('id', id)
      .select('id');
    expect(data ?? []).toHaveLength(caller === 'admin' ? 1 : 0);
    const row = await exists('payment_exceptions', id);
    expect(row?.note === `by ${caller}`).toBe(caller === 'admin');
  });

  test.each(CALLERS)('%s cannot change what was paid, add or delete', async (caller) => {
    const change = await client(caller)
      .from('payment_exceptions')
      .update({ amount: 25_000 })
      .eq('id', id);
    expect(change.status).toBe(refusal(caller));
    expect(change.error?.code).toBe('42501');
    const insert = await client(caller)
      .from('payment_exceptions')
      .insert({ event_id: 'evt_forged', event_type: 'x', reason: 'amount' });
    expect(insert.status).toBe(refusal(caller));
    await client(caller).from('payment_exceptions').delete().eq('id', id);
    expect(await exists('payment_exceptions', id)).toMatchObject({ amount: 100 });
  });
});

// Issue 23 (supabase/schemas/money.sql and mail.sql): the ledger and the email log are read by administrators and
// written by the functions alone; the team's page is reached by its secret, never by the id.
describe.each(['registration_payments', 'email_log'] as const)(
  '%s (administrators read; nobody writes through the API)',
  (table) => {
    let id = '';
    beforeAll(async () => {
      const registration = await arrange('registrations', {
        lead_driver_name: 'Ledger Row',
        lead_driver_email: 'ledger.row@example.org',
        lead_driver_phone: '07700 900123',
      });
      const { data: edition } = await em().service.from('editions').select('id').limit(1).single();
      id = await arrange(
        table,
        table === 'registration_payments'
          ? {
              registration_id: registration,
              edition_id: edition?.id,
              kind: 'deposit',
              amount_pence: 25_000,
            }
          : { registration_id: registration, kind: 'confirmation', recipient: 'a@example.org' },
      );
    });

    test.each(CALLERS)('%s reads rows only when an administrator', async (caller) => {
      const { data, error, status } = await client(caller).from(table).select('id').eq('id', id);
      if (caller === 'anon') {
        expect(status).toBe(401);
        expect(error?.code).toBe('42501');
      } else expect(data).toHaveLength(caller === 'admin' ? 1 : 0);
    });

    test.each(CALLERS)('%s cannot add, change or delete a row', async (caller) => {
      const forged =
        table === 'registration_payments'
          ? { edition_id: randomUUID(), kind: 'refund', amount_pence: 1 }
          : { kind: 'team_link', recipient: 'forged@example.org' };
      const insert = await client(caller)
        .from(table)
        .insert(forged as never);
      expect(insert.status).toBe(refusal(caller));
      const change = await client(caller)
        .from(table)
        .update({ registration_id: null } as never)
        .eq('id', id);
      expect(change.status).toBe(refusal(caller));
      await client(caller).from(table).delete().eq('id', id);
      expect(await exists(table, id)).toMatchObject({ id });
    });
  },
);

describe('the team page’s functions', () => {
  let registration = '';
  let secret = '';
  beforeAll(async () => {
    registration = await arrange('registrations', {
      lead_driver_name: 'Secret Holder',
      lead_driver_email: 'secret.holder@example.org',
      lead_driver_phone: '07700 900123',
    });
    secret = (await em().service.rpc('issue_team_link', { registration })).data ?? '';
  });

  test.each(CALLERS)(
    '%s reaches the page with the secret, and nothing with the id',
    async (caller) => {
      const page = await client(caller).rpc('team_page', { secret });
      expect(page.data).toMatchObject({ lead_driver_name: 'Secret Holder' });
      const byId = await client(caller).rpc('team_page', { secret: registration });
      expect(byId.data).toBeNull();
    },
  );

  test.each(CALLERS)('%s cannot call the service role’s functions', async (caller) => {
    for (const call of [
      client(caller).rpc('issue_team_link', { registration }),
      client(caller).rpc('checkout_amount', { kind: 'balance', reference: secret }),
      client(caller).rpc('record_checkout_payment', {
        event_id: 'evt_matrix',
        event_type: 'checkout.session.completed',
        session: {},
      }),
      client(caller).rpc('claim_registration_email', { email_id: registration }),
      client(caller).rpc('finish_registration_email', { email_id: registration, sent: true }),
      client(caller).rpc('due_balance_reminders'),
    ]) {
      const { error } = await call;
      expect(error?.code).toBe('42501');
    }
  });

  test.each(CALLERS)('%s reads money and acts on it only when an administrator', async (caller) => {
    const money = await client(caller).rpc('registration_money', { registration });
    const reminder = await client(caller).rpc('send_reminder_now', { registration });
    const refund = await client(caller).rpc('mark_refunded_by_hand', { registration });
    if (caller === 'admin') {
      expect(money.data).toMatchObject({ state: 'awaiting deposit' });
      // Allowed, and refused for what the registration is: nothing owed, no refund due.
      expect(reminder.status).toBe(409);
      expect(refund.status).toBe(409);
    } else {
      expect(money.data ?? null).toBeNull();
      expect(reminder.error?.code).toBe('42501');
      expect(refund.error?.code).toBe('42501');
    }
  });
});

// Issue 24 (supabase/schemas/waiting_list.sql): the waiting list's entries are read by administrators and
// written by its functions alone; everyone reads the consent wordings and nobody writes them.
describe('waiting_list_entries and consent_wordings', () => {
  let id = '';
  let edition = '';
  beforeAll(async () => {
    id = await arrange('waiting_list_entries', {
      name: 'Matrix Waiter',
      email: 'matrix.waiter@example.org',
      phone: '07700 900123',
      consent_version: 'waiting-list-2026-11',
      consented_at: new Date().toISOString(),
    });
    const { data } = await em()
      .service.from('editions')
      .select('id')
      .eq('is_current', true)
      .single();
    edition = data?.id ?? '';
  });

  test.each(CALLERS)(
    '%s reads entries only when an administrator; nobody writes',
    async (caller) => {
      const { data, error, status } = await client(caller)
        .from('waiting_list_entries')
        .select('id')
        .eq('id', id);
      if (caller === 'anon') {
        expect(status).toBe(401);
        expect(error?.code).toBe('42501');
      } else expect(data).toHaveLength(caller === 'admin' ? 1 : 0);
      const insert = await client(caller)
        .from('waiting_list_entries')
        .insert({ email: 'forged@example.org', joined_by: 'newsletter-box' } as never);
      expect(insert.status).toBe(refusal(caller));
      const change = await client(caller)
        .from('waiting_list_entries')
        .update({ status: 'offered' } as never)
        .eq('id', id);
      expect(change.status).toBe(refusal(caller));
      await client(caller).from('waiting_list_entries').delete().eq('id', id);
      expect(await exists('waiting_list_entries', id)).toMatchObject({ status: 'waiting' });
    },
  );

  test.each(CALLERS)('%s reads the consent wordings and cannot change them', async (caller) => {
    const { data } = await client(caller).from('consent_wordings').select('version, purpose');
    expect(data).toContainEqual({ version: 'waiting-list-2026-11', purpose: 'waiting_list' });
    const insert = await client(caller)
      .from('consent_wordings')
      .insert({ version: 'forged', purpose: 'waiting_list', wording: 'x' } as never);
    expect(insert.status).toBe(refusal(caller));
    const change = await client(caller)
      .from('consent_wordings')
      .update({ wording: 'Anything' } as never)
      .eq('version', 'waiting-list-2026-11');
    expect(change.status).toBe(refusal(caller));
  });

  test.each(CALLERS)('%s runs the queue’s functions only when an administrator', async (caller) => {
    const queue = await client(caller).rpc('waiting_list', { edition });
    const withdraw = await client(caller).rpc('withdraw_waiting_list_entry', {
      entry: randomUUID(),
    });
    const offer = await client(caller).rpc('offer_next_place', { edition });
    if (caller === 'admin') {
      expect(queue.error).toBeNull();
      expect(withdraw.status).toBe(409);
      // Made, or refused for what the edition is (no free place, nobody waiting): not for who asks.
      expect([200, 409]).toContain(offer.status);
    } else {
      for (const answer of [queue, withdraw, offer]) expect(answer.error?.code).toBe('42501');
    }
    const handOut = await client(caller).rpc('hand_out_waiting_list_places');
    expect(handOut.error?.code).toBe('42501');
    // The secret's functions are everyone's; a wrong secret opens nothing.
    expect((await client(caller).rpc('waiting_list_offer', { secret: 'x' })).data).toBeNull();
    expect((await client(caller).rpc('decline_waiting_list_offer', { secret: 'x' })).data).toBe(
      false,
    );
  });
});

// Issue 24, refunds through Stripe (supabase/schemas/money.sql): only the refund and stripe-webhook
// functions (service role) begin a refund and record Stripe's answers and events; an
// administrator goes through the refund function, which checks the caller.
describe('the refund functions (the service role only)', () => {
  test.each(CALLERS)('%s cannot begin a refund nor record one', async (caller) => {
    const registration = randomUUID();
    for (const call of [
      client(caller).rpc('begin_refund', { registration }),
      client(caller).rpc('record_refund_request', { ledger_row: registration, refund_id: 're_x' }),
      client(caller).rpc('record_refund_event', {
        event_id: `evt_matrix_${caller}`,
        event_type: 'refund.updated',
        refunds: [],
      }),
    ]) {
      const { error } = await call;
      expect(error?.code).toBe('42501');
    }
  });
});

// Issue 25 (supabase/schemas/registrations.sql): the co-driver's section and the team's fundraising are the
// secret holder's (a wrong secret opens nothing), the public teams list everyone's; the co-driver
// links, the copies and the team pack's facts are the Edge Functions' (service role) alone.
describe('the co-driver, fundraising and team pack functions', () => {
  test.each(CALLERS)(
    '%s opens nothing with a wrong secret and reads the public list',
    async (caller) => {
      const secret = 'x'.repeat(43);
      for (const name of ['co_driver_page', 'team_fundraising'] as const) {
        const { data, error } = await client(caller).rpc(name, { secret });
        expect(error).toBeNull();
        expect(data).toBeNull();
      }
      for (const name of ['update_co_driver_details', 'update_team_fundraising'] as const) {
        const { data, error } = await client(caller).rpc(name, { secret, details: {} });
        expect(error).toBeNull();
        expect(data).toBeNull();
      }
      const list = await client(caller).rpc('public_teams', { year: 2026 });
      expect(list.error).toBeNull();
      expect(Array.isArray(list.data)).toBe(true);
    },
  );

  test.each(CALLERS)(
    '%s cannot make a co-driver link, queue a copy or read a pack',
    async (caller) => {
      const registration = randomUUID();
      for (const call of [
        client(caller).rpc('issue_co_driver_link', { registration }),
        client(caller).rpc('queue_co_driver_copy', { registration, kind: 'confirmation' }),
        client(caller).rpc('team_pack_facts', { secret: 'x'.repeat(43) }),
      ]) {
        const { error } = await call;
        expect(error?.code).toBe('42501');
      }
    },
  );
});

// Issue 26, personal data (supabase/schemas/personal_data.sql): search and erasure by administrators only;
// the retention job's and the file queue's functions by the service role (personal-data-files).
describe('the personal data functions', () => {
  test.each(CALLERS)('%s searches and erases only when an administrator', async (caller) => {
    const email = `nobody.${randomUUID()}@example.org`;
    for (const name of ['personal_data', 'erase_personal_data'] as const) {
      const { error } = await client(caller).rpc(name, { email });
      if (caller === 'admin') expect(error).toBeNull();
      else expect(error?.code).toBe('42501');
    }
  });

  test.each(CALLERS)('%s cannot run the retention job nor touch the file queue', async (caller) => {
    for (const call of [
      client(caller).rpc('anonymise_expired_teams'),
      client(caller).rpc('files_to_delete', { page: 10 }),
      client(caller).rpc('files_deleted', { bucket: 'documents', paths: ['x'] }),
    ]) {
      const { error } = await call;
      expect(error?.code).toBe('42501');
    }
  });
});

// Issue 23, the admin's side (supabase/schemas/money.sql): the inbox's view of registrations with
// their money state runs with the caller's rights, and the ledger's totals on a registration are
// the trigger's, never an administrator's.
describe('registrations_with_money (administrators read; nobody writes)', () => {
  let registration = '';
  beforeAll(async () => {
    registration = await arrange('registrations', {
      lead_driver_name: 'Money View',
      lead_driver_email: 'money.view@example.org',
      lead_driver_phone: '07700 900123',
    });
  });

  test.each(CALLERS)(
    '%s reads the row and its state only when an administrator',
    async (caller) => {
      const { data, error, status } = await client(caller)
        .from('registrations_with_money')
        .select('id, money_state')
        .eq('id', registration);
      if (caller === 'anon') {
        expect(status).toBe(401);
        expect(error?.code).toBe('42501');
      } else
        expect(data).toEqual(
          caller === 'admin' ? [{ id: registration, money_state: 'awaiting deposit' }] : [],
        );
    },
  );

  test.each(CALLERS)('%s cannot change a row through the view or its totals', async (caller) => {
    const view = await client(caller)
      .from('registrations_with_money')
      .update({ note: 'forged' } as never)
      .eq('id', registration);
    // Refused before any right is weighed: the view cannot be written (55000, as PostgREST maps it).
    expect(view.error).not.toBeNull();
    await client(caller)
      .from('registrations')
      .update({ paid_pence: 395_000 } as never)
      .eq('id', registration);
    expect(await exists('registrations', registration)).toMatchObject({ note: '', paid_pence: 0 });
  });
});

// Issue 24 (supabase/schemas/money.sql): an edition's money and its ledger are the
// administrators' alone.
describe('edition_money, edition_ledger and edition_figures (administrators only)', () => {
  test.each(CALLERS)('%s reads them only when an administrator', async (caller) => {
    const { data: seeded } = await em()
      .service.from('editions')
      .select('id')
      .eq('is_current', true)
      .single();
    const edition = seeded?.id ?? '';
    const answers = await Promise.all([
      client(caller).rpc('edition_money', { edition }),
      client(caller).rpc('edition_ledger', { edition }),
      client(caller).rpc('edition_figures'),
    ]);
    for (const { data, error } of answers) {
      if (caller === 'admin') {
        expect(error).toBeNull();
        expect(Array.isArray(data)).toBe(true);
      } else {
        expect(data).toBeNull();
        expect(error?.code).toBe('42501');
      }
    }
  });
});

// supabase/schemas/foundation.sql: RLS is the rule on every table, the private schema's included (only
// security-definer functions owned by the tables' owner touch those), and no insert policy takes
// any row a caller sends: a public insert is bounded by grants, checks and the submission guard.
// Issue 25 (supabase/schemas/documents.sql): the drivers' details and the documents are read by
// administrators only and written by their functions alone; the private bucket `documents` is
// read by administrators only and written by nobody but the team-documents function (service).
describe('team documents: registration_drivers, team_documents, their functions and the bucket', () => {
  const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
  let registration = '';
  let secret = '';
  let document = '';
  let objectPath = '';
  beforeAll(async () => {
    registration = await arrange('registrations', {
      lead_driver_name: 'Document Holder',
      lead_driver_email: 'document.holder@example.org',
      lead_driver_phone: '07700 900123',
    });
    secret = (await em().service.rpc('issue_team_link', { registration })).data ?? '';
    objectPath = `${registration}/insurance/${randomUUID()}.pdf`;
    const stored = await em()
      .service.storage.from('documents')
      .upload(objectPath, PDF_BYTES, { contentType: 'application/pdf' });
    expect(stored.error).toBeNull();
    const recorded = await em().service.rpc('record_team_document', {
      secret,
      kind: 'insurance',
      object_path: objectPath,
      file_name: 'cover.pdf',
      content_type: 'application/pdf',
      size_bytes: PDF_BYTES.length,
    });
    expect(recorded.error).toBeNull();
    document = (recorded.data as { document_id: string }).document_id;
    await em().service.rpc('update_team_documents_details', {
      secret,
      details: { lead: { licence_number: 'MATRIX1' } },
    });
  });

  test.each(CALLERS)(
    '%s reads the tables only when an administrator, and writes them never',
    async (caller) => {
      for (const table of ['registration_drivers', 'team_documents'] as const) {
        const read = await client(caller)
          .from(table)
          .select('id')
          .eq('registration_id', registration);
        expect(read.data ?? []).toHaveLength(caller === 'admin' ? 1 : 0);
        const inserted = await client(caller)
          .from(table)
          .insert(
            (table === 'registration_drivers'
              ? { registration_id: registration, role: 'co' }
              : {
                  registration_id: registration,
                  kind: 'mot',
                  object_path: `${registration}/mot/${randomUUID()}.pdf`,
                  file_name: 'forged.pdf',
                  content_type: 'application/pdf',
                  size_bytes: 1,
                }) as never,
          );
        expect(inserted.error?.code).toBe('42501');
        await client(caller)
          .from(table)
          .update({ registration_id: randomUUID() } as never)
          .eq('registration_id', registration);
        await client(caller).from(table).delete().eq('registration_id', registration);
        const still = await em()
          .service.from(table)
          .select('registration_id')
          .eq('registration_id', registration);
        expect(still.data).toEqual([{ registration_id: registration }]);
      }
    },
  );

  test.each(CALLERS)(
    '%s uses the team’s functions with the secret, and the service role’s never',
    async (caller) => {
      const page = await client(caller).rpc('team_readiness', { secret });
      expect(page.data).toMatchObject({ reference: registration });
      const saved = await client(caller).rpc('update_team_documents_details', {
        secret,
        details: { lead: { licence_number: 'MATRIX2' } },
      });
      expect(saved.error).toBeNull();
      for (const call of [
        client(caller).rpc('record_team_document', {
          secret,
          kind: 'mot',
          object_path: `${registration}/mot/${randomUUID()}.pdf`,
          file_name: 'x.pdf',
          content_type: 'application/pdf',
          size_bytes: 1,
        }),
        client(caller).rpc('team_document_path', { secret, kind: 'insurance' }),
        client(caller).rpc('document_upload_target', { secret, kind: 'insurance' }),
        client(caller).rpc('due_document_reminders'),
      ]) {
        expect((await call).error?.code).toBe('42501');
      }
    },
  );

  test.each(CALLERS)(
    '%s decides and counts readiness only when an administrator',
    async (caller) => {
      const decided = await client(caller).rpc('decide_team_document', {
        document,
        decision: 'accepted',
      });
      const { data: edition } = await em()
        .service.from('editions')
        .select('id')
        .eq('year', 2026)
        .single();
      const counted = await client(caller).rpc('edition_readiness', { edition: edition?.id ?? '' });
      if (caller === 'admin') {
        expect(decided.data).toMatchObject({ status: 'accepted' });
        expect(counted.data).toMatchObject({
          ready: expect.any(Number),
          total: expect.any(Number),
        });
      } else {
        expect(decided.error?.code).toBe('42501');
        expect(counted.error?.code).toBe('42501');
      }
    },
  );

  test.each(CALLERS)(
    '%s lists, reads and signs the bucket’s objects only when an administrator, and uploads none',
    async (caller) => {
      const bucket = client(caller).storage.from('documents');
      const listed = await bucket.list(`${registration}/insurance`);
      const downloaded = await bucket.download(objectPath);
      const signed = await bucket.createSignedUrl(objectPath, 60);
      if (caller === 'admin') {
        expect(listed.data?.map((entry) => entry.name)).toEqual([objectPath.split('/').pop()]);
        expect(downloaded.error).toBeNull();
        expect(signed.error).toBeNull();
      } else {
        expect(listed.data ?? []).toEqual([]);
        expect(downloaded.data).toBeNull();
        expect(signed.data).toBeNull();
      }
      const uploaded = await bucket.upload(`${registration}/mot/${randomUUID()}.pdf`, PDF_BYTES, {
        contentType: 'application/pdf',
      });
      expect(uploaded.error).toMatchObject({ statusCode: '403' });
    },
  );
});

describe('row-level security across the schema', () => {
  test('is enabled on every table in public and private', async () => {
    const { rows } = await em().emulator.db.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname in ('public', 'private') and not c.relrowsecurity`,
    );
    expect(rows).toEqual([]);
  });

  test('has no insert policy that accepts any row', async () => {
    const { rows } = await em().emulator.db.query<{ name: string }>(
      `select tablename || ': ' || policyname as name from pg_policies
        where schemaname in ('public', 'private') and cmd in ('INSERT', 'ALL')
          and with_check = 'true'`,
    );
    expect(rows).toEqual([]);
  });
});

describe('the private schema (public submissions’ rules and attempts): no API role reaches it', () => {
  const CLAIMS: Record<Caller, JwtClaims> = {
    anon: { role: 'anon' },
    visitor: { role: 'authenticated', sub: randomUUID(), app_metadata: {} },
    admin: { role: 'authenticated', sub: randomUUID(), app_metadata: { role: 'admin' } },
  };
  const asCaller = (caller: Caller, sql: string) =>
    em().emulator.db.asRole(CLAIMS[caller], (tx) => tx.query(sql));

  test.each(CALLERS)('%s can neither read nor write the rules or the attempts', async (caller) => {
    for (const sql of [
      'select * from private.submission_attempts',
      'select * from private.submission_rules',
      "delete from private.submission_attempts where key like 'email:%'",
      'update private.submission_rules set per_email = 1000000',
      // Which registrations hold a place (supabase/schemas/places.sql).
      'select * from private.registrations_holding_places',
      // The team pages' secrets and the link requests (supabase/schemas/registrations.sql).
      'select * from private.registration_links',
      'select * from private.team_link_requests',
      // The co-driver links and the door numbers' counters (supabase/schemas/registrations.sql).
      'select * from private.co_driver_links',
      'update private.edition_door_numbers set last_given = 0',
      // The files an erasure queued for deletion (supabase/schemas/personal_data.sql).
      'select * from private.files_to_delete',
      'delete from private.files_to_delete',
    ]) {
      await expect(asCaller(caller, sql)).rejects.toMatchObject({
        code: '42501',
        message: 'permission denied for schema private',
      });
    }
  });

  test.each(CALLERS)('%s cannot call its functions', async (caller) => {
    for (const sql of [
      'select private.client_ip()',
      // A link's secret, and a team's (supabase/schemas/foundation.sql, registrations.sql).
      'select private.new_secret()',
      "select private.team_registration('x')",
      // The registration window's day and refusal (supabase/schemas/foundation.sql, registrations.sql).
      'select private.today()',
      'select * from private.registration_window_refusal()',
    ]) {
      await expect(asCaller(caller, sql)).rejects.toMatchObject({ code: '42501' });
    }
  });
});

// Issue 26 (supabase/schemas/mailings.sql): administrators read the mailings and their recipients and
// write drafts; a mailing leaves 'draft' and its recipients are written only by the functions.
describe('mailings and mailing_recipients', () => {
  let draft = '';
  let sending = '';
  let recipient = '';
  beforeAll(async () => {
    const mailing = { audience: 'subscribers', subject: 'Matrix', body: '<p>Hello</p>' };
    draft = await arrange('mailings', mailing);
    sending = await arrange('mailings', { ...mailing, status: 'sending' });
    recipient = await arrange('mailing_recipients', {
      mailing_id: sending,
      email: 'matrix.recipient@example.org',
    });
  });

  test.each(CALLERS)('%s reads and writes mailings only when an administrator', async (caller) => {
    const read = await client(caller).from('mailings').select('id').in('id', [draft, sending]);
    const recipients = await client(caller)
      .from('mailing_recipients')
      .select('id')
      .eq('id', recipient);
    if (caller === 'anon') {
      expect(read.status).toBe(401);
      expect(recipients.status).toBe(401);
    } else {
      expect(read.data).toHaveLength(caller === 'admin' ? 2 : 0);
      expect(recipients.data).toHaveLength(caller === 'admin' ? 1 : 0);
    }
    const insert = await client(caller)
      .from('mailings')
      .insert({ audience: 'subscribers', subject: `By ${caller}`, body: '<p>x</p>' } as never);
    expect(insert.status).toBe(caller === 'admin' ? 201 : refusal(caller));
    const changeDraft = await client(caller)
      .from('mailings')
      .update({ subject: `Changed by ${caller}` } as never)
      .eq('id', draft)
      .select('id');
    if (caller === 'admin') expect(changeDraft.data).toHaveLength(1);
    else expect(changeDraft.data ?? []).toHaveLength(0);
    // A mailing being sent is nobody's to change; its status moves through the functions only.
    const changeSending = await client(caller)
      .from('mailings')
      .update({ subject: 'Too late' } as never)
      .eq('id', sending)
      .select('id');
    expect(changeSending.data ?? []).toHaveLength(0);
    const status = await client(caller)
      .from('mailings')
      .update({ status: 'sent' } as never)
      .eq('id', draft);
    expect(status.status).toBe(refusal(caller));
    const forged = await client(caller)
      .from('mailing_recipients')
      .insert({ mailing_id: draft, email: 'forged@example.org' } as never);
    expect(forged.status).toBe(refusal(caller));
    await client(caller).from('mailing_recipients').delete().eq('id', recipient);
    await client(caller).from('mailings').delete().eq('id', sending);
    expect(await exists('mailing_recipients', recipient)).not.toBeNull();
    expect(await exists('mailings', sending)).toMatchObject({ subject: 'Matrix' });
  });

  test.each(CALLERS)('%s runs the mailing functions only as allowed', async (caller) => {
    const { data: edition } = await em()
      .service.from('editions')
      .select('id')
      .eq('is_current', true)
      .single();
    const count = await client(caller).rpc('mailing_recipient_count', {
      audience: 'teams',
      edition: edition?.id,
    });
    if (caller === 'admin') expect(count.error).toBeNull();
    else {
      expect(count.error?.code).toBe('42501');
      const send = await client(caller).rpc('send_mailing', { mailing: draft });
      expect(send.error?.code).toBe('42501');
      expect(await exists('mailings', draft)).toMatchObject({ status: 'draft' });
    }
    // The sender's functions are the service role's alone, administrators' included.
    const claim = await client(caller).rpc('claim_mailing_batch', { mailing: sending, size: 10 });
    const finish = await client(caller).rpc('finish_mailing_batch', {
      mailing: sending,
      results: [{ id: recipient, ok: true }],
    });
    expect(claim.error?.code).toBe('42501');
    expect(finish.error?.code).toBe('42501');
    expect(await exists('mailing_recipients', recipient)).toMatchObject({ status: 'queued' });
  });
});

// Issue 26 (supabase/schemas/consent.sql): consent records are read by administrators and written by
// the definer functions alone; the unsubscribe and confirmation functions take their secret from
// anyone, and the unsubscribe secret is minted by the service role only.
describe('consent_records and the consent functions', () => {
  let id = '';
  beforeAll(async () => {
    id = await arrange('consent_records', {
      email: 'matrix.consent@example.org',
      purpose: 'newsletter',
      wording_version: 'newsletter-2026-11',
      source: 'footer',
    });
  });

  test.each(CALLERS)(
    '%s reads records only when an administrator; nobody writes',
    async (caller) => {
      const { data, error, status } = await client(caller)
        .from('consent_records')
        .select('id')
        .eq('id', id);
      if (caller === 'anon') {
        expect(status).toBe(401);
        expect(error?.code).toBe('42501');
      } else expect(data).toHaveLength(caller === 'admin' ? 1 : 0);
      const insert = await client(caller)
        .from('consent_records')
        .insert({
          email: 'forged@example.org',
          purpose: 'newsletter',
          wording_version: 'newsletter-2026-11',
          source: 'footer',
          confirmed_at: new Date().toISOString(),
        } as never);
      expect(insert.status).toBe(refusal(caller));
      const change = await client(caller)
        .from('consent_records')
        .update({ confirmed_at: new Date().toISOString() } as never)
        .eq('id', id);
      expect(change.status).toBe(refusal(caller));
      await client(caller).from('consent_records').delete().eq('id', id);
      expect(await exists('consent_records', id)).toMatchObject({ confirmed_at: null });
    },
  );

  test.each(CALLERS)(
    '%s uses the secrets’ functions, and a wrong secret does nothing',
    async (caller) => {
      expect((await client(caller).rpc('unsubscribe', { secret: 'x'.repeat(43) })).data).toBe(
        false,
      );
      expect(
        (await client(caller).rpc('confirm_newsletter', { secret: 'x'.repeat(43) })).data,
      ).toBe(false);
      const again = await client(caller).rpc('resubscribe', {
        secret: 'x'.repeat(43),
        consent_version: 'newsletter-2026-11',
      });
      expect(again.data).toBe(false);
    },
  );
});
