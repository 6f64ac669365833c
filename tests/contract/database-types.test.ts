// The type generator (npm run gen:types) on a schema of its own: tables with defaults, identity
// and CHECK-listed values, a foreign key, a view, functions with arguments and results, an enum.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PgliteDb } from '../../supabase/emulator';
import { checkedValues, describeSchema, renderTypes } from '../../scripts/lib/database-types';

let db: PgliteDb;
let text = '';

beforeAll(async () => {
  db = await PgliteDb.open();
  await db.exec(`
    create type public.mood as enum ('calm', 'busy');
    create table public.teams (
      id bigint generated always as identity primary key,
      name text not null,
      tier text not null default 'B' check (tier in ('A', 'B', 'O''Brien')),
      slogan text,
      tags text[] not null default '{}',
      mood public.mood,
      score numeric,
      data jsonb
    );
    create table public.drivers (
      id uuid primary key default gen_random_uuid(),
      team_id bigint not null unique references public.teams (id)
    );
    create view public.team_names as select id, name from public.teams;
    create function public.rename_team(team bigint, new_name text, note text default null)
      returns void language sql as 'update public.teams set name = new_name where id = team';
    create function public.teams_named(pattern text) returns setof public.teams
      language sql stable as 'select * from public.teams where name like pattern';
    create function public.team_counts() returns table (tier text, teams bigint)
      language sql stable as 'select tier, count(*) from public.teams group by tier';
    create function public.touch() returns trigger language plpgsql as 'begin return new; end';
  `);
  text = renderTypes(await describeSchema(db), '');
});

afterAll(async () => {
  await db.pglite.close();
});

const squash = (value: string) => value.replace(/\s+/g, ' ');

describe('the generated types', () => {
  test('give each table its Row, Insert and Update with nullability, defaults and identity', () => {
    const start = text.indexOf('teams: {');
    const teams = squash(text.slice(start, text.indexOf('Relationships', start)));
    expect(teams).toContain(
      'Row: { data: Json | null id: number mood: Database["public"]["Enums"]["mood"] | null name: string score: number | null slogan: string | null tags: string[] tier: "A" | "B" | "O\'Brien" }',
    );
    expect(teams).toContain('Insert: { data?: Json | null id?: never');
    expect(teams).toContain('name: string');
    expect(teams).toContain('tier?: "A" | "B" | "O\'Brien"');
    expect(teams).toContain('Update: { data?: Json | null id?: never mood?:');
  });

  test('describe foreign keys as Relationships, one-to-one when the key is unique', () => {
    expect(squash(text)).toContain(
      'Relationships: [{ foreignKeyName: "drivers_team_id_fkey" columns: ["team_id"] isOneToOne: true referencedRelation: "teams" referencedColumns: ["id"] }]',
    );
  });

  test('list views with their columns, nullable, under Views (an updatable one with Insert and Update)', () => {
    expect(squash(text)).toMatch(
      /Views: \{ team_names: \{ Row: \{ id: number \| null name: string \| null \}/,
    );
  });

  test('give functions their Args and Returns, leaving out trigger functions', () => {
    const flat = squash(text);
    expect(flat).toContain(
      'rename_team: { Args: { team: number new_name: string note?: string } Returns: undefined }',
    );
    expect(flat).toContain(
      'teams_named: { Args: { pattern: string } Returns: Database["public"]["Tables"]["teams"]["Row"][] }',
    );
    expect(flat).toContain(
      'team_counts: { Args: never Returns: { tier: string teams: number }[] }',
    );
    expect(flat).not.toContain('touch:');
  });

  test('list enums and their values', () => {
    expect(squash(text)).toContain('Enums: { mood: "calm" | "busy" }');
    expect(squash(text)).toContain('mood: ["calm", "busy"]');
  });
});

describe('values a CHECK lists', () => {
  test.each([
    ["CHECK ((tier = ANY (ARRAY['Tier 1'::text, 'Tier 2'::text])))", ['Tier 1', 'Tier 2']],
    ["CHECK ((kind = ANY (ARRAY['it''s'::text])))", ["it's"]],
  ])('reads %s', (definition, values) => {
    expect(checkedValues(definition)?.values).toEqual(values);
  });

  test.each([
    'CHECK ((length(TRIM(BOTH FROM name)) > 0))',
    'CHECK (((phone IS NULL) OR (length(phone) <= 50)))',
    "CHECK ((key ~ '^[a-z]'::text))",
  ])('leaves other checks to the column type: %s', (definition) => {
    expect(checkedValues(definition)).toBeNull();
  });
});
