// GoTrue's admin API for users (what supabase-js `auth.admin.*` calls): the service_role key only.
// Tests and scripts use it to arrange users while the emulator runs (one process owns PGlite).
import { isUuid } from '../../functions/_shared/formats/uuid';
import type { ApiContext, ApiRequest, ApiResponse, Tx } from '../types';
import {
  authError,
  badJwt,
  checkEmail,
  checkPasswordLength,
  json,
  parseBody,
  stringField,
} from './http';
import {
  EMAIL_PROVIDER_METADATA,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertUser,
  listUsers,
  userJson,
  type UserRow,
} from './users';

const DEFAULT_PER_PAGE = 50;

/** GoTrue's requireAdminCredentials: a bearer token whose role is an admin role. */
export function requireServiceRole(req: ApiRequest): void {
  if (!req.token) throw authError(401, 'no_authorization', 'This endpoint requires a Bearer token');
  if (req.authError) throw badJwt(req.authError);
  if (req.claims?.role !== 'service_role') throw authError(403, 'not_admin', 'User not allowed');
}

function objectField(body: Record<string, unknown>, name: string): Record<string, unknown> | null {
  const value = body[name];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw authError(
      400,
      'bad_json',
      `Could not parse request body as JSON: ${name} must be an object`,
    );
  }
  return value as Record<string, unknown>;
}

function passwordField(body: Record<string, unknown>): string | null {
  const value = body.password;
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') {
    throw authError(
      400,
      'bad_json',
      'Could not parse request body as JSON: password must be a string',
    );
  }
  return value;
}

/** GoTrue merges metadata key by key; a null value removes the key. */
function mergeMetadata(
  current: Record<string, unknown> | null,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries({ ...(current ?? {}), ...changes }).filter(([, value]) => value !== null),
  );
}

const DURATION_UNITS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1_000, ms: 1 };

/** ban_duration as GoTrue reads it (a Go duration such as "876000h" or "1h30m"; "none" lifts it). */
function banUntil(value: unknown): Date | null | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'none') return null;
  const text = typeof value === 'string' ? value : '';
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (!text || parts.map((p) => p[0]).join('') !== text) {
    throw authError(
      400,
      'validation_failed',
      `invalid format for ban duration: time: invalid duration "${text}"`,
    );
  }
  const ms = parts.reduce(
    (sum, [, amount, unit]) => sum + Number(amount) * (DURATION_UNITS[unit ?? ''] ?? 0),
    0,
  );
  return new Date(Date.now() + ms);
}

async function loadUser(tx: Tx, id: string): Promise<UserRow> {
  // GoTrue answers a malformed id with 404 too (the route cannot match a user).
  if (!isUuid(id)) throw authError(404, 'validation_failed', 'user_id must be an UUID');
  const user = await findUserById(tx, id);
  if (!user) throw authError(404, 'user_not_found', 'User not found');
  return user;
}

async function assertEmailFree(tx: Tx, email: string, exceptId?: string): Promise<void> {
  const owner = await findUserByEmail(tx, email);
  if (owner && owner.id !== exceptId) {
    throw authError(
      422,
      'email_exists',
      'A user with this email address has already been registered',
    );
  }
}

async function applyBan(tx: Tx, id: string, until: Date | null | undefined): Promise<void> {
  if (until === undefined) return;
  await tx.query(
    'update auth.users set banned_until = $2, updated_at = now() where id = $1::uuid',
    [id, until?.toISOString() ?? null],
  );
}

async function createUser(req: ApiRequest, ctx: ApiContext): Promise<ApiResponse> {
  const body = parseBody(req);
  const email = stringField(body, 'email');
  const phone = stringField(body, 'phone');
  if (!email && !phone) {
    throw authError(
      400,
      'validation_failed',
      'Cannot create a user without either an email or phone',
    );
  }
  if (phone) {
    throw authError(
      400,
      'validation_failed',
      'Phone users need an SMS provider, which this server lacks',
    );
  }
  checkEmail(email);
  const id = stringField(body, 'id');
  if (id && !isUuid(id)) {
    throw authError(400, 'validation_failed', 'ID must conform to the uuid v4 format');
  }
  const appMetadata = objectField(body, 'app_metadata');
  const userMetadata = objectField(body, 'user_metadata') ?? {};
  const password = passwordField(body);
  if (password !== null) checkPasswordLength(password, ctx.config.minPasswordLength);
  const ban = banUntil(body.ban_duration);
  // Without a password GoTrue stores a random one; here the user simply has none to sign in with.
  const hash = password ? await hashPassword(password) : null;
  return ctx.db.transaction(async (tx) => {
    await assertEmailFree(tx, email);
    const created = await insertUser(tx, {
      id: id || undefined,
      email,
      hash,
      emailConfirmed: body.email_confirm === true,
      appMetadata: mergeMetadata(EMAIL_PROVIDER_METADATA, appMetadata ?? {}),
      userMetadata,
    });
    await applyBan(tx, created, ban);
    return json(200, userJson(await loadUser(tx, created)));
  });
}

async function updateUser(req: ApiRequest, ctx: ApiContext, id: string): Promise<ApiResponse> {
  const body = parseBody(req);
  const email = stringField(body, 'email');
  if (email) checkEmail(email);
  if (stringField(body, 'phone')) {
    throw authError(
      400,
      'validation_failed',
      'Phone users need an SMS provider, which this server lacks',
    );
  }
  const appMetadata = objectField(body, 'app_metadata');
  const userMetadata = objectField(body, 'user_metadata');
  const password = passwordField(body);
  if (password !== null) checkPasswordLength(password, ctx.config.minPasswordLength);
  const ban = banUntil(body.ban_duration);
  const hash = password === null ? null : await hashPassword(password);
  return ctx.db.transaction(async (tx) => {
    const user = await loadUser(tx, id);
    if (email && email.toLowerCase() !== user.email) {
      await assertEmailFree(tx, email, user.id);
      await tx.query(
        'update auth.users set email = lower($2), updated_at = now() where id = $1::uuid',
        [user.id, email],
      );
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', lower($2)),
           updated_at = now() where user_id = $1::uuid and provider = 'email'`,
        [user.id, email],
      );
    }
    if (body.email_confirm === true) {
      await tx.query(
        'update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1::uuid',
        [user.id],
      );
    }
    if (hash) {
      await tx.query(
        'update auth.users set encrypted_password = $2, updated_at = now() where id = $1::uuid',
        [user.id, hash],
      );
    }
    if (appMetadata) {
      await tx.query(
        'update auth.users set raw_app_meta_data = $2::jsonb, updated_at = now() where id = $1::uuid',
        [user.id, JSON.stringify(mergeMetadata(user.raw_app_meta_data, appMetadata))],
      );
    }
    if (userMetadata) {
      await tx.query(
        'update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1::uuid',
        [user.id, JSON.stringify(mergeMetadata(user.raw_user_meta_data, userMetadata))],
      );
    }
    await applyBan(tx, user.id, ban);
    return json(200, userJson(await loadUser(tx, user.id)));
  });
}

async function deleteUser(req: ApiRequest, ctx: ApiContext, id: string): Promise<ApiResponse> {
  const soft = parseBody(req).should_soft_delete === true;
  await ctx.db.transaction(async (tx) => {
    const user = await loadUser(tx, id);
    if (soft) {
      // GoTrue keeps the row but frees the address and ends every session.
      await tx.query(
        `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = null,
           updated_at = now() where id = $1::uuid`,
        [user.id],
      );
      await tx.query('delete from auth.identities where user_id = $1::uuid', [user.id]);
      await tx.query('delete from auth.sessions where user_id = $1::uuid', [user.id]);
    } else {
      // Identities and sessions (and so refresh tokens) go with the user (on delete cascade).
      await tx.query('delete from auth.users where id = $1::uuid', [user.id]);
    }
  });
  return json(200, {});
}

function pageParam(req: ApiRequest, name: string, fallback: number): number {
  const raw = req.url.searchParams.get(name) ?? '';
  if (raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw authError(
      400,
      'validation_failed',
      `Bad Pagination Parameters: strconv.ParseUint: parsing "${raw}": invalid syntax`,
    );
  }
  return value || fallback;
}

/** GoTrue's paginated list: `{ users, aud }`, the total in X-Total-Count and next/last in Link. */
async function listPage(req: ApiRequest, ctx: ApiContext): Promise<ApiResponse> {
  const page = pageParam(req, 'page', 1);
  const perPage = pageParam(req, 'per_page', DEFAULT_PER_PAGE);
  const filter = req.url.searchParams.get('filter') ?? '';
  const { users, total } = await ctx.db.transaction((tx) =>
    listUsers(tx, { page, perPage, filter }),
  );
  const lastPage = Math.ceil(total / perPage);
  const link = (n: number, rel: string) =>
    `<${ctx.config.publicUrl}/auth/v1/admin/users?page=${n}&per_page=${perPage}>; rel="${rel}"`;
  const links = page < lastPage ? [link(page + 1, 'next')] : [];
  links.push(link(lastPage, 'last'));
  const response = json(200, { users: users.map(userJson), aud: 'authenticated' });
  response.headers = {
    ...response.headers,
    'x-total-count': String(total),
    link: links.join(', '),
  };
  return response;
}

/** Routes below /admin; `path` is e.g. '/admin/users/<id>'. */
export async function handleAdmin(
  req: ApiRequest,
  ctx: ApiContext,
  path: string,
): Promise<ApiResponse> {
  requireServiceRole(req);
  if (path === '/admin/users') {
    if (req.method === 'GET') return listPage(req, ctx);
    if (req.method === 'POST') return createUser(req, ctx);
  }
  const one = /^\/admin\/users\/([^/]+)$/.exec(path);
  if (one?.[1]) {
    const id = decodeURIComponent(one[1]);
    if (req.method === 'GET')
      return ctx.db.transaction(async (tx) => json(200, userJson(await loadUser(tx, id))));
    if (req.method === 'PUT') return updateUser(req, ctx, id);
    if (req.method === 'DELETE') return deleteUser(req, ctx, id);
  }
  throw authError(404, 'not_found', 'Not Found');
}
