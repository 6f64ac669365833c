// The names the code uses for the database's rows, derived from the generated types
// (database.types.ts, written by `npm run gen:types` from supabase/migrations). Only names
// live here: a column's type changes in a migration, never in this file.
import type { Database, Tables, TablesInsert, TablesUpdate } from './database.types';

export type { Database, Json } from './database.types';

export type TableName = keyof Database['public']['Tables'];
export type Row<T extends TableName> = Tables<T>;
export type Insert<T extends TableName> = TablesInsert<T>;
export type Update<T extends TableName> = TablesUpdate<T>;

export type Sponsor = Row<'sponsors'>;
export type SponsorTier = Sponsor['tier'];
export type NewsArticle = Row<'news_articles'>;
/** An article without its body: what the cards, the sitemap and link previews need. */
export type ArticleSummary = Omit<NewsArticle, 'content' | 'deleted_at' | 'deleted_by'>;
export type NewsArticleImage = Row<'news_article_images'>;
export type GalleryImage = Row<'gallery_images'>;
export type Video = Row<'videos'>;
export type Testimonial = Row<'testimonials'>;
export type RallyEvent = Row<'events'>;
export type EventType = RallyEvent['type'];
export type PastTour = Row<'past_tours'>;
export type SiteSetting = Row<'site_settings'>;
export type Edition = Row<'editions'>;
export type EditionInsert = Insert<'editions'>;
export type ContactMessage = Row<'contact_messages'>;
export type ContactSubject = ContactMessage['subject'];
