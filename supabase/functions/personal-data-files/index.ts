// Deletes the stored files an erasure or the retention job queued
// (supabase/schemas/personal_data.sql: private.files_to_delete). On hosted Supabase a file may only
// be deleted through the Storage API (direct deletes of storage.objects are refused there), so
// the database marks the files and this function removes them through Storage with the service
// role, then tells the database which are gone (files_deleted). A file Storage no longer has is
// gone too. What Storage refuses stays queued for the next call.
//
// POST {} from an administrator (the "Personal data" screen, right after "Erase") or the service
//   role (the daily cron job 'personal-data', whose body says how many teams it anonymised:
//   { teams_anonymised }) → { teams_anonymised, files_deleted }.
import { callRpc, serviceHeaders } from '../_shared/database.ts';
import { json, serve } from '../_shared/http.ts';

/** Storage's most names in one delete. */
const PAGE = 500;
/** Enough for any day's queue; what is left waits for the next call. */
const MOST_PAGES = 20;

type Queued = { bucket_id: string; object_path: string };

async function removeFromStorage(bucket: string, paths: string[]): Promise<void> {
  const response = await fetch(
    `${Deno.env.get('SUPABASE_URL')}/storage/v1/object/${encodeURIComponent(bucket)}`,
    {
      method: 'DELETE',
      headers: { ...serviceHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ prefixes: paths }),
    },
  );
  if (!response.ok)
    throw new Error(`Storage answered ${response.status}: ${await response.text()}`);
}

serve(
  {
    name: 'personal-data-files',
    callers: ['admin', 'service'],
    refused: 'Only administrators may delete personal data.',
    failure: 'The files could not all be deleted. They stay queued for the next try.',
  },
  async ({ body }) => {
    let deleted = 0;
    for (let page = 0; page < MOST_PAGES; page += 1) {
      const queued = await callRpc<Queued[]>('files_to_delete', { page: PAGE });
      if (queued.length === 0) break;
      const byBucket = new Map<string, string[]>();
      for (const file of queued)
        byBucket.set(file.bucket_id, [...(byBucket.get(file.bucket_id) ?? []), file.object_path]);
      for (const [bucket, paths] of byBucket) {
        await removeFromStorage(bucket, paths);
        deleted += await callRpc<number>('files_deleted', { bucket, paths });
      }
    }
    const teams = typeof body.teams_anonymised === 'number' ? body.teams_anonymised : 0;
    return json(200, { teams_anonymised: teams, files_deleted: deleted });
  },
);
