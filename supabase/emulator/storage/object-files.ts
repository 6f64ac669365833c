// Object bytes on disk: <dataDir>/storage/<bucket>/<name>/<version>. Each object is a folder
// holding its versions (as storage-api's file backend does), so an object `a` and an object
// `a/b.png` never collide, and an upsert can write the new version before the old one goes.
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EmulatorConfig } from '../types';
import { assertSafeObjectName, isSafeBucketId } from './object-name';

const temporaryRoots = new Map<EmulatorConfig, string>();

/** In-memory databases keep their bytes in a temporary folder removed when the process exits. */
export function storageRoot(config: EmulatorConfig): string {
  if (config.dataDir) return path.resolve(config.dataDir, 'storage');
  let root = temporaryRoots.get(config);
  if (!root) {
    root = mkdtempSync(path.join(tmpdir(), 'supabase-emulator-storage-'));
    temporaryRoots.set(config, root);
    if (temporaryRoots.size === 1) process.once('exit', removeTemporaryRoots);
  }
  return root;
}

function removeTemporaryRoots() {
  for (const root of temporaryRoots.values()) rmSync(root, { recursive: true, force: true });
  temporaryRoots.clear();
}

/** Forgets (and deletes) the temporary folder of an emulator that has stopped. */
export function releaseStorageRoot(config: EmulatorConfig): void {
  const root = temporaryRoots.get(config);
  if (!root) return;
  rmSync(root, { recursive: true, force: true });
  temporaryRoots.delete(config);
}

function objectFolder(config: EmulatorConfig, bucketId: string, name: string): string {
  // Names are checked on the way in; this second check keeps the disk safe whatever the caller.
  assertSafeObjectName(name);
  if (!isSafeBucketId(bucketId)) throw new Error(`Unsafe bucket id ${bucketId}`);
  const root = path.join(storageRoot(config), bucketId);
  const folder = path.resolve(root, name);
  if (!folder.startsWith(root + path.sep))
    throw new Error(`Object name escapes its bucket: ${name}`);
  return folder;
}

function versionFile(
  config: EmulatorConfig,
  bucketId: string,
  name: string,
  version: string,
): string {
  if (!/^[\w-]+$/.test(version)) throw new Error(`Unsafe object version ${version}`);
  return path.join(objectFolder(config, bucketId, name), version);
}

export async function writeObjectFile(
  config: EmulatorConfig,
  bucketId: string,
  name: string,
  version: string,
  bytes: Uint8Array,
): Promise<void> {
  const file = versionFile(config, bucketId, name, version);
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, file);
}

export async function readObjectFile(
  config: EmulatorConfig,
  bucketId: string,
  name: string,
  version: string,
): Promise<Buffer | null> {
  try {
    return await readFile(versionFile(config, bucketId, name, version));
  } catch {
    return null;
  }
}

export async function objectFileExists(
  config: EmulatorConfig,
  bucketId: string,
  name: string,
  version: string,
): Promise<boolean> {
  try {
    return (await stat(versionFile(config, bucketId, name, version))).isFile();
  } catch {
    return false;
  }
}

export async function removeObjectFile(
  config: EmulatorConfig,
  bucketId: string,
  name: string,
  version: string,
): Promise<void> {
  await rm(versionFile(config, bucketId, name, version), { force: true });
  // Tidy the now-empty folders up to the bucket; a folder still in use refuses rmdir.
  const bucketRoot = path.join(storageRoot(config), bucketId);
  let folder = objectFolder(config, bucketId, name);
  while (folder.startsWith(bucketRoot + path.sep)) {
    try {
      await rmdir(folder);
    } catch {
      return;
    }
    folder = path.dirname(folder);
  }
}
