// Row builders for page tests: a complete row with overridable fields.
import { EDITION_DEFAULTS } from '../config/site-defaults';
import type { Edition, GalleryImage, NewsArticle, RallyEvent, Sponsor } from '../data/types';

const stamp = {
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  deleted_at: null,
  deleted_by: null,
};
let next = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;

export function sponsorRow(overrides: Partial<Sponsor> = {}): Sponsor {
  return {
    id: uuid(),
    name: 'Acme Motors',
    tier: 'Tier 2',
    logo_url: null,
    logo_alt: '',
    logo_decorative: false,
    website_url: null,
    published: true,
    sort_order: 0,
    ...stamp,
    ...overrides,
  };
}

export function eventRow(overrides: Partial<RallyEvent> = {}): RallyEvent {
  return {
    id: uuid(),
    name: 'Spring meetup',
    starts_on: '2026-04-18',
    ends_on: null,
    date: '',
    time: '10:00',
    location: 'Oxford',
    type: 'Meetup',
    status: 'Registration Open',
    attendees: '',
    description: '',
    image_url: null,
    image_alt: '',
    image_decorative: false,
    published: true,
    ...stamp,
    ...overrides,
  };
}

export function articleRow(overrides: Partial<NewsArticle> = {}): NewsArticle {
  return {
    id: uuid(),
    title: 'Route announced',
    excerpt: '<p>The route is out.</p>',
    content: '<p>Full story.</p>',
    image_url: null,
    image_alt: '',
    image_decorative: false,
    category: 'news',
    is_featured: false,
    published: true,
    published_date: '2026-03-05',
    ...stamp,
    ...overrides,
  };
}

export function galleryRow(index: number, overrides: Partial<GalleryImage> = {}): GalleryImage {
  return {
    id: uuid(),
    title: `Photo ${index}`,
    url: `seed/gallery/${index}.webp`,
    alt: `Described photo ${index}`,
    decorative: false,
    category: '2025 Rally',
    // The database's generated column (supabase/schemas/content.sql).
    search_text: `photo ${index} 2025 rally`,
    year: 2025,
    published: true,
    sort_order: index,
    ...stamp,
    ...overrides,
  };
}

/** The content_facets rows the database would derive from a table's rows (their categories). */
export function categoryFacets(
  table: 'gallery_images' | 'news_articles',
  rows: readonly { published: boolean; category: string | null }[],
): Record<string, unknown>[] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    if (row.published && row.category)
      counts.set(row.category, (counts.get(row.category) ?? 0) + 1);
  }
  return [...counts].map(([value, rowCount]) => ({
    table_name: table,
    column_name: 'category',
    value,
    row_count: rowCount,
  }));
}

/** A published, current edition's row with the seed's facts (EDITION_DEFAULTS). */
export function editionRow(overrides: Partial<Edition> = {}): Edition {
  const seed = EDITION_DEFAULTS;
  return {
    id: uuid(),
    year: seed.year,
    name: seed.name,
    start_date: seed.startDate,
    end_date: seed.endDate,
    start_place: seed.startPlace,
    finish_place: seed.finishPlace,
    price_per_car: seed.price,
    deposit: seed.deposit,
    separate_rooms_supplement: seed.separateRoomsSupplement,
    capacity: seed.capacity,
    registration_opens: seed.registrationOpens,
    registration_closes: seed.registrationCloses,
    balance_due: seed.balanceDue,
    status: 'published',
    is_current: true,
    funds_raised: null,
    details_cutoff_days: 14,
    waiting_list_offer_hours: 48,
    cancellation_tiers: seed.cancellationTiers.map((tier) => ({
      from_days: tier.fromDays,
      percent: tier.percent,
    })),
    created_at: stamp.created_at,
    updated_at: stamp.updated_at,
    ...overrides,
  };
}
