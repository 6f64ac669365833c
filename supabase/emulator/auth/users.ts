// Users, identities, sessions and refresh tokens in the auth schema, as GoTrue keeps them.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db, Tx } from '../types';
import { bcrypt } from './bcrypt';

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  phone: string | null;
  confirmed_at: string | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
  banned_until: string | null;
  invited_at: string | null;
  confirmation_sent_at: string | null;
  recovery_sent_at: string | null;
  identities: IdentityRow[] | null;
}

interface IdentityRow {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
  email: string | null;
}

// GoTrue prints times as RFC 3339 in UTC; to_json gives ISO 8601 with the offset, which we
// normalise to Z.
const iso = (column: string): string =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const USER_SELECT = `
  select u.id, u.aud, u.role, u.email, u.encrypted_password, u.phone, u.is_anonymous,
    ${iso('u.email_confirmed_at')} as email_confirmed_at, ${iso('u.confirmed_at')} as confirmed_at,
    ${iso('u.last_sign_in_at')} as last_sign_in_at, ${iso('u.created_at')} as created_at,
    ${iso('u.updated_at')} as updated_at, ${iso('u.banned_until')} as banned_until,
    ${iso('u.invited_at')} as invited_at, ${iso('u.confirmation_sent_at')} as confirmation_sent_at,
    ${iso('u.recovery_sent_at')} as recovery_sent_at,
    u.raw_app_meta_data, u.raw_user_meta_data,
    (select json_agg(json_build_object(
        'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id, 'identity_data', i.identity_data,
        'provider', i.provider, 'last_sign_in_at', ${iso('i.last_sign_in_at')},
        'created_at', ${iso('i.created_at')}, 'updated_at', ${iso('i.updated_at')}, 'email', i.email)
      order by i.created_at)
     from auth.identities i where i.user_id = u.id) as identities
  from auth.users u`;

export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(
    `${USER_SELECT} where lower(u.email) = lower($1) and u.deleted_at is null`,
    [email],
  );
  return rows[0] ?? null;
}

export async function findUserById(tx: Tx, id: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(
    `${USER_SELECT} where u.id = $1::uuid and u.deleted_at is null`,
    [id],
  );
  return rows[0] ?? null;
}

/** The user object of GoTrue's responses. */
export function userJson(user: UserRow): Record<string, unknown> {
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    email_confirmed_at: user.email_confirmed_at ?? undefined,
    phone: user.phone ?? '',
    // GoTrue leaves these out until they happen.
    invited_at: user.invited_at ?? undefined,
    confirmation_sent_at: user.confirmation_sent_at ?? undefined,
    recovery_sent_at: user.recovery_sent_at ?? undefined,
    confirmed_at: user.confirmed_at ?? undefined,
    last_sign_in_at: user.last_sign_in_at ?? undefined,
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: user.identities ?? [],
    created_at: user.created_at,
    updated_at: user.updated_at,
    is_anonymous: user.is_anonymous,
  };
}

export function hashPassword(password: string): Promise<string> {
  // GoTrue's cost (bcrypt.DefaultCost).
  return bcrypt.hash(password, 10);
}

/**
 * A cost-10 hash of a random password nobody knows: an unknown email, or a user without a
 * password, is compared against it, so the answer takes as long as for a real account and its
 * timing does not tell which addresses have one.
 */
const DUMMY_HASH = '$2b$10$x33uvJDjqMhB7.wATx.yMuzvOsLgFNwJc5waJnMvJOXTdMrjHmPhu';

export async function checkPassword(password: string, hash: string | null): Promise<boolean> {
  const matches = await bcrypt.compare(password, hash ?? DUMMY_HASH);
  return matches && hash !== null;
}

/** What GoTrue puts into app_metadata for an email user; callers' app_metadata merges over it. */
export const EMAIL_PROVIDER_METADATA = { provider: 'email', providers: ['email'] };

/**
 * Inserts a user with its email identity, as GoTrue's sign-up and admin create do. `hash` null
 * leaves the user without a password (it cannot sign in with one).
 */
export async function insertUser(
  tx: Tx,
  options: {
    id?: string;
    email: string;
    hash: string | null;
    emailConfirmed: boolean;
    appMetadata: Record<string, unknown>;
    userMetadata: Record<string, unknown>;
  },
): Promise<string> {
  const id = options.id ?? randomUUID();
  const email = options.email.toLowerCase();
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1::uuid, 'authenticated', 'authenticated', $2, $3,
       case when $4::boolean then now() end, $5::jsonb, $6::jsonb, now(), now())`,
    [
      id,
      email,
      options.hash,
      options.emailConfirmed,
      JSON.stringify(options.appMetadata),
      JSON.stringify(options.userMetadata),
    ],
  );
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1::text, $1::uuid, $2::jsonb, 'email', now(), now(), now())`,
    [
      id,
      JSON.stringify({
        sub: id,
        email,
        email_verified: options.emailConfirmed,
        phone_verified: false,
      }),
    ],
  );
  return id;
}

/**
 * Creates the user or resets its password; `admin` sets or clears app_metadata.role = 'admin'
 * (what public.is_admin() reads). Email addresses are confirmed at once: there is no mailer here.
 */
export async function upsertUser(
  db: Db,
  options: {
    email: string;
    password: string;
    admin: boolean;
    userMetadata?: Record<string, unknown>;
  },
): Promise<string> {
  const hash = await hashPassword(options.password);
  return db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, options.email);
    const appMeta: Record<string, unknown> = {
      ...(existing?.raw_app_meta_data ?? {}),
      ...EMAIL_PROVIDER_METADATA,
    };
    if (options.admin) appMeta.role = 'admin';
    else delete appMeta.role;
    if (existing) {
      await tx.query(
        `update auth.users set encrypted_password = $2, raw_app_meta_data = $3::jsonb, updated_at = now(),
           email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1::uuid`,
        [existing.id, hash, JSON.stringify(appMeta)],
      );
      // Sessions signed with the old password end, as GoTrue does on a password reset.
      await tx.query('delete from auth.sessions where user_id = $1::uuid', [existing.id]);
      return existing.id;
    }
    return insertUser(tx, {
      email: options.email,
      hash,
      emailConfirmed: true,
      appMetadata: appMeta,
      userMetadata: options.userMetadata ?? {},
    });
  });
}

/** One page of users, newest first (GoTrue's default order), with the total for the headers. */
export async function listUsers(
  tx: Tx,
  options: { page: number; perPage: number; filter: string },
): Promise<{ users: UserRow[]; total: number }> {
  const where = `u.deleted_at is null and ($1 = '' or u.email ilike '%' || $1 || '%')`;
  const { rows } = await tx.query<UserRow>(
    `${USER_SELECT} where ${where} order by u.created_at desc, u.id limit $2 offset $3`,
    [options.filter, options.perPage, (options.page - 1) * options.perPage],
  );
  const count = await tx.query<{ total: number }>(
    `select count(*)::int as total from auth.users u where ${where}`,
    [options.filter],
  );
  return { users: rows, total: count.rows[0]?.total ?? 0 };
}

export function newRefreshToken(): string {
  // GoTrue's refresh tokens are short random strings (not JWTs).
  return randomBytes(12).toString('base64url');
}

export async function createSession(
  tx: Tx,
  userId: string,
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  const refreshToken = newRefreshToken();
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1::uuid, $2::uuid, now(), now(), 'aal1')`,
    [sessionId, userId],
  );
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3::uuid)`,
    [refreshToken, userId, sessionId],
  );
  await tx.query('update auth.users set last_sign_in_at = now() where id = $1::uuid', [userId]);
  await tx.query('update auth.identities set last_sign_in_at = now() where user_id = $1::uuid', [
    userId,
  ]);
  return { sessionId, refreshToken };
}
