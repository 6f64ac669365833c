// Uploads the demo images and films that supabase/seed.sql refers to into the `media` bucket of
// a hosted Supabase project (the local emulator stores them by itself when it seeds):
//
//   npx tsx supabase/seed-media/upload.ts --url https://<ref>.supabase.co --service-key <key>
//
// The service-role key is needed because only administrators may upload to the bucket. It is
// read from the command line or from SUPABASE_URL / SUPABASE_SERVICE_ROLE_KEY, and never stored.
import { StorageClient } from '@supabase/storage-js';
import { generateSeedMedia, readSeedMediaPaths } from './generate';

function option(name: string, envName: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  const inline = args.find((arg) => arg.startsWith(`--${name}=`));
  const value = inline ? inline.slice(name.length + 3) : at >= 0 ? args[at + 1] : process.env[envName];
  return value?.trim() || undefined;
}

async function main(): Promise<number> {
  const url = option('url', 'SUPABASE_URL');
  const serviceKey = option('service-key', 'SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !serviceKey) {
    console.error(
      'Usage: npx tsx supabase/seed-media/upload.ts --url https://<ref>.supabase.co --service-key <service-role key>',
    );
    return 2;
  }
  // The storage client of supabase-js, on its own: no auth session or realtime socket needed.
  const storage = new StorageClient(`${url.replace(/\/+$/, '')}/storage/v1`, {
    apikey: serviceKey,
    Authorization: `Bearer ${serviceKey}`,
  });

  const files = await generateSeedMedia(await readSeedMediaPaths());
  let failures = 0;
  for (const file of files) {
    const { error } = await storage.from('media').upload(file.path, file.bytes, {
      contentType: file.contentType,
      cacheControl: '3600',
      upsert: true,
    });
    if (error) {
      failures += 1;
      console.error(`✗ ${file.path}: ${error.message}`);
    } else {
      console.log(`✓ ${file.path} (${Math.round(file.bytes.length / 1024)} KB)`);
    }
  }
  console.log(`${files.length - failures} of ${files.length} files uploaded to the media bucket.`);
  return failures === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
