import { publicDb, type DbClient } from '../lib/rest';
import type { Testimonial } from './database.types';
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
  (db) => db.from('testimonials'),
  {
    column: 'sort_order',
    ascending: true,
  },
);
