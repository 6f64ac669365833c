import { publicDb, type DbClient } from './client';
import type { Testimonial } from './types';
import { contentTable } from './content-table';

/** The first published testimonial by sort order (the home page quotes it), or null. */
export async function getFeaturedTestimonial(db: DbClient = publicDb): Promise<Testimonial | null> {
  const { data } = await db
    .from('testimonials')
    .select('*')
    .eq('published', true)
    .order('sort_order', { ascending: true })
    .order('created_at', { ascending: true })
    .limit(1)
    .maybeSingle()
    .throwOnError();
  return data;
}

/** Every testimonial, drafts included, and the administrator's writes. */
export const testimonialsAdmin = /* @__PURE__ */ contentTable<'testimonials'>(
  'testimonials',
  (db) => db.from('testimonials'),
  {
    search: ['name', 'quote'],
    filters: ['year'],
    sorts: {
      order: [
        { column: 'sort_order', ascending: true },
        { column: 'created_at', ascending: false },
        { column: 'id', ascending: true },
      ],
      name: [
        { column: 'name', ascending: true },
        { column: 'id', ascending: true },
      ],
      year: [
        { column: 'year', ascending: false },
        { column: 'sort_order', ascending: true },
        { column: 'id', ascending: true },
      ],
      newest: [
        { column: 'created_at', ascending: false },
        { column: 'id', ascending: true },
      ],
    },
    defaultSort: 'order',
  },
);
