import { publicDb, type DbClient } from './client';
import type { Testimonial } from './types';
import { ARRANGED, BY_YEAR, NEWEST, BY_ID, contentTable } from './content-table';

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
      order: ARRANGED,
      name: [{ column: 'name', ascending: true }, BY_ID],
      year: BY_YEAR,
      newest: NEWEST,
    },
    defaultSort: 'order',
  },
);
