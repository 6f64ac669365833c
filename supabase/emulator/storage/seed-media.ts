// Stores the generated demo images and films in the media bucket of a newly seeded database:
// one storage.objects row per file (as the platform, like `supabase seed buckets`) plus the
// bytes on disk, so every `seed/...` path in supabase/seed.sql serves from the public URL.
import { createHash, randomUUID } from 'node:crypto';
import { generateSeedMedia, readSeedMediaPaths } from '../../seed-media/generate';
import type { Db, EmulatorConfig } from '../types';
import { writeObjectFile } from './object-files';
import type { ObjectMetadata } from './rows';

const BUCKET = 'media';

export async function seedMedia(db: Db, config: EmulatorConfig): Promise<void> {
  const files = await generateSeedMedia(await readSeedMediaPaths());
  const lastModified = new Date().toISOString();
  await db.transaction(async (tx) => {
    for (const file of files) {
      const version = randomUUID();
      const metadata: ObjectMetadata = {
        eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
        size: file.bytes.length,
        mimetype: file.contentType,
        cacheControl: 'max-age=3600',
        lastModified,
        contentLength: file.bytes.length,
        httpStatusCode: 200,
      };
      await tx.query(
        `insert into storage.objects (bucket_id, name, version, metadata)
         values ($1, $2, $3, $4)
         on conflict (bucket_id, name) do update set version = excluded.version, metadata = excluded.metadata`,
        [BUCKET, file.path, version, JSON.stringify(metadata)],
      );
      // Written inside the transaction: a failed write leaves no row pointing at missing bytes.
      await writeObjectFile({ db, config }, BUCKET, file.path, version, file.bytes);
    }
  });
}
