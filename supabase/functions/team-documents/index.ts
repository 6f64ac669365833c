// The team's documents, behind its secret link: the one way a team sends a file to the private
// `documents` bucket and reads it back. Hosted Storage would keep whatever the bucket's declared
// type and size let through, so the file is judged here by its bytes (a JPEG, PNG or PDF
// signature, whatever its name or declared type says) and its size (10 MiB, the bucket's limit),
// then stored with the service role at <registration>/<kind>/<uuid>.<ext> and recorded
// (public.record_team_document: the kind's earlier file is superseded). Reading is a signed URL
// that works for 60 seconds; the bucket itself is readable by administrators only.
//
// The team's secret reaches every document of its registration; the co-driver's secret the
// co-driver's licence ('co_licence') only (public.document_upload_target,
// supabase/schemas/documents.sql).
//
// POST multipart { secret, kind, file }        → 200 { document_id, readiness } (team) or
//                                                    { document_id, item } (co-driver)
// POST { secret, kind, action: 'url' }         → 200 { url, expires_in, file_name }
//   404 when the secret opens nothing (wrong, altered or expired alike) or no file of the kind;
//   400 kind or form, 413 too large, 415 not a JPEG, PNG or PDF, 409 cancelled or not owed.
import { callRpc, RpcFailed, serviceHeaders } from '../_shared/database.ts';
import { json, Refusal, serve } from '../_shared/http.ts';

const BUCKET = 'documents';
const MAX_BYTES = 10 * 1024 * 1024;
const SIGNED_SECONDS = 60;
const KINDS = ['lead_licence', 'co_licence', 'insurance', 'mot'] as const;
type Kind = (typeof KINDS)[number];

const isKind = (value: unknown): value is Kind =>
  typeof value === 'string' && (KINDS as readonly string[]).includes(value);

const NOT_FOUND = 'We could not find that team page. Please check the link.';

const storageUrl = (path: string) => `${Deno.env.get('SUPABASE_URL')}/storage/v1${path}`;

type Stored = { type: 'image/jpeg' | 'image/png' | 'application/pdf'; extension: string };

/** The file's real type from its first bytes, or null for anything else. */
export function documentType(bytes: Uint8Array): Stored | null {
  const starts = (...magic: number[]) =>
    bytes.length >= magic.length && magic.every((byte, index) => bytes[index] === byte);
  if (starts(0xff, 0xd8, 0xff)) return { type: 'image/jpeg', extension: 'jpg' };
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))
    return { type: 'image/png', extension: 'png' };
  // '%PDF-' then a version digit: a page named .pdf starts with '<'.
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d) && bytes[5] !== undefined && bytes[5] >= 0x31)
    return { type: 'application/pdf', extension: 'pdf' };
  return null;
}

/** The shared RPC; the database's refusals (PT400, PT404, PT409) become the caller's. */
async function rpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
  try {
    return await callRpc<T>(name, args);
  } catch (failure) {
    if (failure instanceof RpcFailed && [400, 404, 409].includes(failure.status))
      throw new Refusal(failure.status, failure.said, failure.field);
    throw failure;
  }
}

function secretOf(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 100)
    throw new Refusal(404, NOT_FOUND);
  return value;
}

async function upload(form: FormData): Promise<Response> {
  const secret = secretOf(form.get('secret'));
  const kind = form.get('kind');
  if (!isKind(kind)) throw new Refusal(400, 'Choose which document this is.', 'kind');
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0)
    throw new Refusal(400, 'Please choose a file.', 'file');
  if (file.size > MAX_BYTES) throw new Refusal(413, 'The file must be 10 MB or smaller.', 'file');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const stored = documentType(bytes);
  if (!stored) throw new Refusal(415, 'Please send a photo (JPEG or PNG) or a PDF.', 'file');

  const target = await rpc<string | null>('document_upload_target', { secret, kind });
  if (!target) throw new Refusal(404, NOT_FOUND);

  const path = `${target}/${kind}/${crypto.randomUUID()}.${stored.extension}`;
  const put = await fetch(storageUrl(`/object/${BUCKET}/${path}`), {
    method: 'POST',
    headers: { ...serviceHeaders(), 'content-type': stored.type, 'cache-control': 'no-store' },
    body: bytes,
  });
  if (!put.ok) throw new Error(`storage answered ${put.status}: ${await put.text()}`);
  await put.body?.cancel();
  try {
    const recorded = await rpc<unknown>('record_team_document', {
      secret,
      kind,
      object_path: path,
      file_name: file.name.slice(0, 200),
      content_type: stored.type,
      size_bytes: bytes.length,
    });
    if (!recorded) throw new Refusal(404, NOT_FOUND);
    return json(200, recorded);
  } catch (failure) {
    // Not recorded: the stored file would belong to nothing.
    await fetch(storageUrl(`/object/${BUCKET}/${path}`), {
      method: 'DELETE',
      headers: serviceHeaders(),
    }).then((answer) => answer.body?.cancel());
    throw failure;
  }
}

async function signedUrl(body: Record<string, unknown>): Promise<Response> {
  const secret = secretOf(body.secret);
  if (!isKind(body.kind)) throw new Refusal(400, 'Choose which document to open.', 'kind');
  const current = await rpc<{ object_path: string; file_name: string } | null>(
    'team_document_path',
    { secret, kind: body.kind },
  );
  if (!current) throw new Refusal(404, 'There is no file of that kind for this team.');
  const signed = await fetch(
    storageUrl(`/object/sign/${BUCKET}/${encodeURI(current.object_path)}`),
    {
      method: 'POST',
      headers: { ...serviceHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ expiresIn: SIGNED_SECONDS }),
    },
  );
  if (!signed.ok) throw new Error(`storage answered ${signed.status}: ${await signed.text()}`);
  const { signedURL } = (await signed.json()) as { signedURL: string };
  return json(200, {
    url: storageUrl(signedURL),
    expires_in: SIGNED_SECONDS,
    file_name: current.file_name,
  });
}

serve(
  { name: 'team-documents', body: 'form', limit: MAX_BYTES + 64 * 1024 },
  async ({ body, form }) => {
    if (form) return upload(form);
    if (body.action === 'url') return signedUrl(body);
    throw new Refusal(400, "Send a file, or { action: 'url' } to open one.");
  },
);
