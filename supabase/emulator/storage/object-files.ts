// Object bytes on disk: <dataDir>/storage/<bucket>/<name>/<version>. Each object is a folder
// holding its versions (as storage-api's file backend does), so an object `a` and an object
// `a/b.png` never collide, and an upsert can write the new version before the old one goes.
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ApiContext, Db } from '../types';
import { assertSafeObjectName, isSafeBucketId } from './object-name';

// Keyed by database: the core may hand out more than one config object for one emulator.
const temporaryRoots = new Map<Db, string>();

/** In-memory databases keep their bytes in a temporary folder removed when the process exits. */
export function storageRoot({ config, db }: ApiContext): string {
  if (config.dataDir) return path.resolve(config.dataDir, 'storage');
  let root = temporaryRoots.get(db);
  if (!root) {
    root = mkdtempSync(path.join(tmpdir(), 'supabase-emulator-storage-'));
    temporaryRoots.set(db, root);
    if (temporaryRoots.size === 1) process.once('exit', removeTemporaryRoots);
  }
  return root;
}

function removeTemporaryRoots() {
  for (const root of temporaryRoots.values()) rmSync(root, { recursive: true, force: true });
  temporaryRoots.clear();
}

/** Forgets (and deletes) the temporary folder of an in-memory emulator that has stopped. */
export function releaseStorageRoot(db: Db): void {
  const root = temporaryRoots.get(db);
  if (!root) return;
  rmSync(root, { recursive: true, force: true });
  temporaryRoots.delete(db);
}

function objectFolder(ctx: ApiContext, bucketId: string, name: string): string {
  // Names are checked on the way in; this second check keeps the disk safe whatever the caller.
  assertSafeObjectName(name);
  if (!isSafeBucketId(bucketId)) throw new Error(`Unsafe bucket id ${bucketId}`);
  const root = path.join(storageRoot(ctx), bucketId);
  const folder = path.resolve(root, name);
  if (!folder.startsWith(root + path.sep))
    throw new Error(`Object name escapes its bucket: ${name}`);
  return folder;
}

function versionFile(ctx: ApiContext, bucketId: string, name: string, version: string): string {
  if (!/^[\w-]+$/.test(version)) throw new Error(`Unsafe object version ${version}`);
  return path.join(objectFolder(ctx, bucketId, name), version);
}

export async function writeObjectFile(
  ctx: ApiContext,
  bucketId: string,
  name: string,
  version: string,
  bytes: Uint8Array,
): Promise<void> {
  const file = versionFile(ctx, bucketId, name, version);
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, file);
}

export async function readObjectFile(
  ctx: ApiContext,
  bucketId: string,
  name: string,
  version: string,
): Promise<Buffer | null> {
  try {
    return await readFile(versionFile(ctx, bucketId, name, version));
  } catch {
    return null;
  }
}

export async function objectFileExists(
  ctx: ApiContext,
  bucketId: string,
  name: string,
  version: string,
): Promise<boolean> {
  try {
    return (await stat(versionFile(ctx, bucketId, name, version))).isFile();
  } catch {
    return false;
  }
}

export async function removeObjectFile(
  ctx: ApiContext,
  bucketId: string,
  name: string,
  version: string,
): Promise<void> {
  await rm(versionFile(ctx, bucketId, name, version), { force: true });
  // Tidy the now-empty folders up to the bucket; a folder still in use refuses rmdir.
  const bucketRoot = path.join(storageRoot(ctx), bucketId);
  let folder = objectFolder(ctx, bucketId, name);
  while (folder.startsWith(bucketRoot + path.sep)) {
    try {
      await rmdir(folder);
    } catch {
      return;
    }
    folder = path.dirname(folder);
  }
}
