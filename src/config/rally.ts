// The rally's business constants, in one place. Pages read these; nothing repeats them.

export type SponsorTierOffer = {
  tier: 'Tier 1' | 'Tier 2' | 'Tier 3';
  /** Whole pounds. */
  price: number;
  /** The option text the enquiry form posts, exactly as the sponsorship webhook expects it. */
  enquiryOption: string;
  headline: string;
  benefits: readonly string[];
};

export type HostedVideo = {
  title: string;
  year: number;
  category: string;
  /** A privacy-friendly player URL; the iframe is created only when the visitor asks for it. */
  embedUrl: string;
  /** Where the film can be watched directly (shown beside the player). */
  watchUrl: string;
};

// The edition's name, dates, places, prices, capacity and the fundraising figures are settings
// (src/config/site-defaults.ts, read through useSiteSettings); these are the rules that stay.
export const rally = {
  /** The countries the mystery route passes through (the route's copy, not a setting). */
  countries: ['Germany', 'Austria', 'Italy', 'Switzerland (Zurich)', 'France'],
  guestsPerCar: 2,
  cancellation: [
    {
      notice: 'More than 90 days before the start',
      refund: '50% of the entry fee, excluding the deposit',
    },
    {
      notice: '60-90 days before the start',
      refund: '25% of the entry fee, excluding the deposit',
    },
    { notice: 'Less than 60 days before the start', refund: 'No refund' },
  ],
  confirmationEmailHours: 24,
} as const;

export const sponsorTiers: readonly SponsorTierOffer[] = [
  {
    tier: 'Tier 1',
    price: 8000,
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
    price: 2100,
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
    price: 800,
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
 * The only hosts whose players the site embeds (the videos library, the story films and YouTube
 * links added in the admin): the security headers allow frames from these and no others.
 */
export const videoPlayerOrigins = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
] as const;

// The hosted films. Swap the ids for the charity's own uploads; the facades keep any third-party
// player from loading until a visitor presses play.
export const videoLibrary: readonly HostedVideo[] = [
  {
    title: 'Europe Rally 2024',
    year: 2024,
    category: 'Highlights',
    embedUrl: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1',
    watchUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  },
  {
    title: 'Europe Rally 2023',
    year: 2023,
    category: 'Highlights',
    embedUrl: 'https://player.vimeo.com/video/76979871?autoplay=1',
    watchUrl: 'https://vimeo.com/76979871',
  },
  {
    title: 'Europe Rally 2019',
    year: 2019,
    category: 'Highlights',
    embedUrl: 'https://www.youtube-nocookie.com/embed/YE7VzlLtp-4?autoplay=1',
    watchUrl: 'https://www.youtube.com/watch?v=YE7VzlLtp-4',
  },
];

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
