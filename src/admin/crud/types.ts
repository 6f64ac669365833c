// What each content manager describes about its entity; the shared screen (ContentManager) does
// the rest. A description names fields, wording, defaults, pre-fill and list rendering.
import type { ReactNode } from 'react';
import type { DbClient } from '../../data/client';
import type {
  BatchCalls,
  FacetValue,
  ListPage,
  ListQuery,
  OrderedTable,
} from '../../data/content-table';
import type { ListFilterLabel, ListSortLabel } from '../list/ListToolbar';

/** An extra image of a news article while it is being edited. */
export type ImageDraft = { url: string; caption: string; alt: string; decorative: boolean };

export type FieldValue = string | boolean | ImageDraft[];
export type FormValues = Record<string, FieldValue>;
export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

type KeysOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;

type Base = {
  label: string;
  required?: boolean;
  hint?: string;
  placeholder?: string;
  /** Fields sharing a row on wide screens. */
  half?: boolean;
};

export type Field<V> = Base &
  (
    | { kind: 'text' | 'textarea' | 'url' | 'date'; name: KeysOf<V, string> }
    | { kind: 'integer'; name: KeysOf<V, string>; example?: string }
    | {
        kind: 'select';
        name: KeysOf<V, string>;
        options: readonly { value: string; label: string }[];
      }
    /**
     * A URL chosen from the media library (or typed); an image's `alt` names the form's fields
     * that hold its alt text and its decorative choice (required to publish: form-rules.ts).
     */
    | {
        kind: 'media';
        name: KeysOf<V, string>;
        accept: 'image' | 'video';
        alt?: { text: KeysOf<V, string>; decorative: KeysOf<V, boolean> };
      }
    | { kind: 'richtext'; name: KeysOf<V, string> }
    | { kind: 'checkbox'; name: KeysOf<V, boolean> }
    | { kind: 'images'; name: KeysOf<V, ImageDraft[]> }
  ) & { example?: string };

/** Rows the managers edit: every one has an id and a Draft/Published flag. */
export type ContentRow = { id: string; published: boolean };

/** How a manager's list is searched, filtered and sorted, in the screen's words. */
export type ListView = {
  /** The search box's label: 'Search images'. */
  searchLabel: string;
  /** The filter selects besides Status, each on a column the data spec filters on. */
  filters: readonly ListFilterLabel[];
  /** The orders offered, the data spec's names with their labels; the first is the default. */
  sorts: readonly ListSortLabel[];
};

export interface ManagerDescription<R extends ContentRow, V extends FormValues> {
  /** 'Gallery Manager' */
  title: string;
  /** One record in messages: 'image' → 'Error saving image.', 'Are you sure you want to delete this image?' */
  noun: string;
  /** Count line, e.g. n => `${n} images total`. */
  countLine(count: number): string;
  /** The records in running text: 'images' ('Showing 1–20 of 52 images'). */
  plural: string;
  addLabel: string;
  firstAddLabel: string;
  loadingText: string;
  emptyText: string;
  layout: 'grid' | 'list';
  fields: readonly Field<V>[];
  defaults(): V;
  /** Edit pre-fill (spec section 4): blanks become '', a missing year the current year. */
  fromRow(row: R, db: DbClient): V | Promise<V>;
  validate?(values: V): FieldErrors<V>;
  /** One page of the list for a view (search, filters, sort, page), with its counts. */
  listPage(db: DbClient, query: ListQuery): Promise<ListPage<R>>;
  /** The values each filter offers. */
  facets(db: DbClient): Promise<Record<string, FacetValue[]>>;
  listView: ListView;
  save(db: DbClient, values: V, editing: R | null): Promise<void>;
  /** Publish, unpublish, trash, restore and delete for good, for one row or many. */
  batch: BatchCalls;
  /** Set when the rows are ordered by hand: the table, and the sort in which they can be moved. */
  ordering?: { table: OrderedTable; sort: string };
  /** Where the row's public page can be previewed (drafts too), when it has one. */
  previewPath?(row: R): string;
  /** A short name for buttons' accessible labels ('Edit Alpine pass'). */
  rowName(row: R): string;
  /** The row's own content; `badge` is the shared Published/Draft badge to place. */
  renderRow(row: R, badge: ReactNode): ReactNode;
}
