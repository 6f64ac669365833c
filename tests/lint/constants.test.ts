// Constants that live twice say the same: the copies of the media types that cannot import
// src/config/media.ts (the bucket's settings in supabase/config.toml and in the schema, and the
// upload policy's extensions), the forms' password length (config.toml's), and the contact
// subjects the form offers and the inbox filters by (the table's CHECK). The schema is read as
// supabase/schemas states it now.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { schemaScript } from '../../scripts/lib/schema-files';
import { MIN_PASSWORD_LENGTH } from '../../src/config/auth';
import { contactSubjects } from '../../src/config/forms';
import { MEDIA_TYPES } from '../../src/config/media';

const schema = schemaScript();
const quoted = (text: string) => [...text.matchAll(/['"]([^'"]+)['"]/g)].map((match) => match[1]);
const types = [...new Set(Object.values(MEDIA_TYPES))].sort();
const extensions = Object.keys(MEDIA_TYPES).sort();

describe('the media types', () => {
  test('supabase/config.toml allows the same content types in the media bucket', () => {
    const toml = readFileSync('supabase/config.toml', 'utf8');
    const line = /^allowed_mime_types = \[(.*)\]$/m.exec(toml)?.[1] ?? '';
    expect(quoted(line).sort()).toEqual(types);
  });

  test('the schema gives the bucket the same types and the upload policy the same extensions', () => {
    const bucket = /'media', 'media', true, \d+,\s*array\[([^\]]*)\]/.exec(schema)?.[1] ?? '';
    expect(quoted(bucket).sort()).toEqual(types);
    const policy = /lower\(storage\.extension\(name\)\) in \(([^)]*)\)/.exec(schema)?.[1] ?? '';
    expect(quoted(policy).sort()).toEqual(extensions);
  });
});

describe('the password rule', () => {
  test('the forms ask for the minimum length supabase/config.toml gives Supabase Auth', () => {
    const toml = readFileSync('supabase/config.toml', 'utf8');
    const length = /^minimum_password_length = (\d+)$/m.exec(toml)?.[1];
    expect(Number(length)).toBe(MIN_PASSWORD_LENGTH);
  });
});

describe('the contact subjects', () => {
  test('contact_messages.subject takes exactly the subjects the form offers', () => {
    const check = /subject text not null check \(subject in \(([^)]*)\)\)/.exec(schema)?.[1] ?? '';
    expect(quoted(check).sort()).toEqual(contactSubjects.map((subject) => subject.value).sort());
  });
});
