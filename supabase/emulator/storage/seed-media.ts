import type { Db, EmulatorConfig } from '../types';

/** Stores the generated demo images in the media bucket of a newly seeded database. Being built. */
export async function seedMedia(db: Db, config: EmulatorConfig): Promise<void> {
  void db;
  void config;
}
