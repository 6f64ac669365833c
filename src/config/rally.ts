// The rally's business constants, in one place. Pages read these; nothing repeats them.

export type SponsorTierOffer = {
  tier: 'Tier 1' | 'Tier 2' | 'Tier 3';
  /** Pence. */
  price: number;
  /** The option text the enquiry form posts, exactly as the sponsorship webhook expects it. */
  enquiryOption: string;
  headline: string;
  benefits: readonly string[];
};

// The edition's name, dates, places, prices, capacity, cancellation tiers and the fundraising
// figures are the edition's and the settings' (src/config/site-defaults.ts, read through
// useSiteSettings); these are the rules that stay.
export const rally = {
  /** The countries the mystery route passes through (the route's copy, not a setting). */
  countries: ['Germany', 'Austria', 'Italy', 'Switzerland (Zurich)', 'France'],
  guestsPerCar: 2,
} as const;

export const sponsorTiers: readonly SponsorTierOffer[] = [
  {
    tier: 'Tier 1',
    price: 800_000,
    enquiryOption: 'Tier 1 - £8,000',
    headline: 'Headline partner',
    benefits: [
      'Your logo on the bonnet and both doors of a rally car',
      'Double-width logo on our home page and sponsors page',
      'A filmed sponsor interview shared on our channels',
      'Named thanks at the finish-line celebration',
      'Social media features throughout the rally',
    ],
  },
  {
    tier: 'Tier 2',
    price: 210_000,
    enquiryOption: 'Tier 2 - £2,100',
    headline: 'Supporting partner',
    benefits: [
      'Your logo on the doors of a rally car',
      'Logo on our home page and sponsors page',
      'Social media mentions during the rally',
      'A framed photo of your sponsored car',
    ],
  },
  {
    tier: 'Tier 3',
    price: 80_000,
    enquiryOption: 'Tier 3 - £800',
    headline: 'Friend of the rally',
    benefits: [
      'Your logo on a rally car side panel',
      'Logo on our sponsors page',
      'A thank-you post on our social channels',
    ],
  },
];

/** The featured 2025 film is served by the site itself (public/media). */
export const featuredFilm = {
  title: 'The 2025 Europe Rally',
  year: 2025,
  src: '/media/rally-2025.mp4',
  poster: '/media/rally-2025-poster.webp',
  posterWidth: 1280,
  posterHeight: 720,
} as const;

/**
 * The only hosts whose players the site embeds (the story films and YouTube links added in the
 * admin): the security headers allow frames from these and no others.
 */
export const videoPlayerOrigins = ['https://www.youtube-nocookie.com'] as const;

/**
 * Video categories the pages ask for. Films are rows of the videos table (the admin's Videos
 * screen); the category is free text, and these two are the ones a page reads by name: the
 * spec's highlight films, and the interviews /sponsors shows (nothing at all until one exists).
 */
export const videoCategories = {
  highlights: 'Highlights',
  sponsorInterview: 'Sponsor interview',
} as const;

/** The longest category the database stores (supabase/schemas/content.sql). */
export const VIDEO_CATEGORY_MAX = 60;

/** The charity's story films used on the home, charity and sponsors pages. */
export const storyVideos = {
  charity: {
    title: 'Why we rally: the charity story',
    embedUrl: 'https://www.youtube-nocookie.com/embed/ScMzIvxBSi4?autoplay=1',
  },
  sponsors: {
    title: 'A sponsor’s story',
    embedUrl: 'https://www.youtube-nocookie.com/embed/LXb3EKWsInQ?autoplay=1',
  },
} as const;
