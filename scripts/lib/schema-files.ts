// The schema files (supabase/schemas/*.sql) in the order supabase/config.toml's
// [db.migrations] schema_paths applies them, read and joined into one script: what
// `npm run db:baseline` writes as the baseline migration, and what the equivalence test builds a
// database from. Each path is a file or a glob (`*` within one folder), relative to supabase/;
// a glob's matches come in name order and a file listed twice is applied once, as the Supabase
// CLI does.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SUPABASE_DIR = path.join(PROJECT_ROOT, 'supabase');

export interface SchemaFile {
  /** Relative to the project, e.g. 'supabase/schemas/money.sql'. */
  name: string;
  sql: string;
}

function matches(pattern: string): string[] {
  const absolute = path.resolve(SUPABASE_DIR, pattern);
  const base = path.basename(absolute);
  if (!base.includes('*')) return [absolute];
  const dir = path.dirname(absolute);
  const expression = new RegExp(
    `^${base.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`,
  );
  return readdirSync(dir)
    .filter((file) => expression.test(file))
    .sort()
    .map((file) => path.join(dir, file));
}

/** The schema files, in schema_paths order. */
export function schemaFiles(root: string = PROJECT_ROOT): SchemaFile[] {
  const config = parse(readFileSync(path.join(root, 'supabase/config.toml'), 'utf8')) as {
    db?: { migrations?: { schema_paths?: unknown } };
  };
  const paths = config.db?.migrations?.schema_paths;
  if (!Array.isArray(paths) || paths.length === 0) {
    throw new Error('supabase/config.toml has no [db.migrations] schema_paths');
  }
  const seen = new Set<string>();
  const files: SchemaFile[] = [];
  for (const pattern of paths) {
    for (const file of matches(String(pattern))) {
      if (seen.has(file)) continue;
      seen.add(file);
      files.push({ name: path.relative(root, file), sql: readFileSync(file, 'utf8') });
    }
  }
  return files;
}

/**
 * The schema files as one script. Function bodies are not checked while it runs (as pg_dump's
 * output does), so a function may name a table a later file defines; what a statement needs at
 * once (a column default's function, a view's tables, a parameter's type) comes from an earlier
 * file.
 */
export function schemaScript(files: SchemaFile[] = schemaFiles()): string {
  const parts = files.map((file) => `-- ${file.name}\n\n${file.sql.trimEnd()}\n`);
  const start = 'set check_function_bodies = off;\n';
  const end = 'reset check_function_bodies;\n';
  return [start, ...parts, end].join('\n');
}
