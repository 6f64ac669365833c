// Types of the public schema, in the shape supabase-js and postgrest-js expect. They mirror
// supabase/migrations; `supabase gen types typescript` against a hosted project gives the same.

type Timestamps = { created_at: string; updated_at: string };

type Table<Row, Required extends keyof Row> = {
  Row: Row;
  Insert: Pick<Row, Required> & Partial<Omit<Row, Required>>;
  Update: Partial<Row>;
  Relationships: [];
};

export type SponsorTier = 'Tier 1' | 'Tier 2' | 'Tier 3';
export type EventType = 'Main Rally' | 'Meetup' | 'Fundraiser' | 'Workshop';
export type ContactSubject = 'general' | 'rally' | 'sponsorship' | 'charity' | 'media' | 'other';

export type Sponsor = {
  id: string;
  name: string;
  tier: SponsorTier;
  logo_url: string | null;
  website_url: string | null;
  published: boolean;
  sort_order: number;
} & Timestamps;

export type NewsArticle = {
  id: string;
  title: string;
  excerpt: string;
  content: string;
  image_url: string | null;
  category: string;
  is_featured: boolean;
  published: boolean;
  /** YYYY-MM-DD */
  published_date: string;
} & Timestamps;

/** An article without its body: what the cards, the sitemap and link previews need. */
export type ArticleSummary = Omit<NewsArticle, 'content'>;

export type NewsArticleImage = {
  id: string;
  article_id: string;
  url: string;
  caption: string | null;
  sort_order: number;
  created_at: string;
};

export type GalleryImage = {
  id: string;
  title: string;
  url: string;
  category: string | null;
  year: number;
  published: boolean;
  sort_order: number;
} & Timestamps;

export type Video = {
  id: string;
  title: string;
  url: string;
  thumbnail_url: string | null;
  year: number;
  published: boolean;
  sort_order: number;
} & Timestamps;

export type Testimonial = {
  id: string;
  name: string;
  quote: string;
  image_url: string | null;
  year: number;
  published: boolean;
  sort_order: number;
} & Timestamps;

export type RallyEvent = {
  id: string;
  name: string;
  date: string;
  time: string;
  location: string;
  type: EventType;
  description: string;
  status: string;
  attendees: string;
  image_url: string | null;
  published: boolean;
} & Timestamps;

export type PastTour = {
  id: string;
  year: number;
  route: string;
  participants: number;
  funds_raised: string;
  miles: number;
  image_url: string | null;
  published: boolean;
} & Timestamps;

export type SiteSetting = {
  id: string;
  key: string;
  value: string;
  description: string | null;
  updated_at: string;
};

export type ContactMessage = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: ContactSubject;
  message: string;
  /** The honeypot: always null in a stored row (see src/config/forms.ts). */
  website: string | null;
  created_at: string;
};

export type Database = {
  public: {
    Tables: {
      sponsors: Table<Sponsor, 'name' | 'tier'>;
      news_articles: Table<NewsArticle, 'title'>;
      news_article_images: Table<NewsArticleImage, 'article_id' | 'url'>;
      gallery_images: Table<GalleryImage, 'title' | 'url'>;
      videos: Table<Video, 'title' | 'url'>;
      testimonials: Table<Testimonial, 'name' | 'quote'>;
      events: Table<RallyEvent, 'name' | 'date' | 'time' | 'location'>;
      past_tours: Table<PastTour, 'route' | 'participants' | 'funds_raised' | 'miles'>;
      site_settings: Table<SiteSetting, 'key'>;
      contact_messages: Table<ContactMessage, 'name' | 'email' | 'subject' | 'message'>;
    };
    Views: Record<never, never>;
    Functions: Record<never, never>;
    Enums: Record<never, never>;
    CompositeTypes: Record<never, never>;
  };
};

export type TableName = keyof Database['public']['Tables'];
export type Row<T extends TableName> = Database['public']['Tables'][T]['Row'];
export type Insert<T extends TableName> = Database['public']['Tables'][T]['Insert'];
export type Update<T extends TableName> = Database['public']['Tables'][T]['Update'];
