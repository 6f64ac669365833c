// Schema.org data for search engines (JSON-LD): the rally as an Event, the charity as an
// Organization and each news article. Built from the one place that holds the facts.
import { env } from '../config/env';
import { paths } from '../config/paths';
import { rally } from '../config/rally';
import type { SiteSettings } from '../config/site-defaults';
import type { ArticleSummary } from '../data/types';
import { socialImage } from '../config/images';
import { rallyLength, type RallyPhase } from '../lib/calendar';

type Organisation = SiteSettings['organisation'];

const organizer = (organisation: Organisation) => ({
  '@type': 'Organization',
  name: organisation.name,
  url: `${env.siteUrl}/`,
  email: organisation.email,
});

export function organizationJsonLd({ organisation }: SiteSettings) {
  return {
    '@context': 'https://schema.org',
    ...organizer(organisation),
    logo: `${env.siteUrl}/favicon.svg`,
    telephone: organisation.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: organisation.address,
      addressCountry: 'GB',
    },
    sameAs: organisation.social.map((social) => social.href),
    ...(organisation.charityNumber
      ? {
          nonprofitStatus: 'https://schema.org/NonprofitCharitableIncorporatedOrganization',
          identifier: {
            '@type': 'PropertyValue',
            propertyID: 'Registered charity number',
            value: organisation.charityNumber,
          },
        }
      : {}),
  };
}

/** Offers by phase: not yet on sale, on sale, or no places to be had. */
const AVAILABILITY: Record<RallyPhase, string> = {
  'before-opening': 'https://schema.org/PreOrder',
  open: 'https://schema.org/InStock',
  full: 'https://schema.org/SoldOut',
  closed: 'https://schema.org/SoldOut',
  during: 'https://schema.org/SoldOut',
  after: 'https://schema.org/SoldOut',
};

export function rallyEventJsonLd({ edition, organisation }: SiteSettings, phase: RallyPhase) {
  const url = `${env.siteUrl}${paths.rallyPage(edition.year)}`;
  const offer = (name: string, pence: number) => ({
    '@type': 'Offer',
    name,
    // schema.org's price is a decimal number of pounds.
    price: String(pence / 100),
    priceCurrency: 'GBP',
    availability: AVAILABILITY[phase],
    validFrom: edition.registrationOpens,
    url: `${env.siteUrl}${paths.signUp}`,
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: edition.name,
    description: `A ${rallyLength(edition).days}-day charity car rally from the ${edition.startPlace} to ${edition.finishPlace} through ${rally.countries.join(', ')}.`,
    startDate: edition.startDate,
    endDate: edition.endDate,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: `From the ${edition.startPlace} to ${edition.finishPlace}`,
      address: { '@type': 'PostalAddress', addressCountry: 'GB' },
    },
    image: `${env.siteUrl}${socialImage.path}`,
    url,
    organizer: organizer(organisation),
    offers: [
      offer(`Entry for one car and ${rally.guestsPerCar} guests`, edition.price),
      offer('Deposit to secure a place', edition.deposit),
    ],
  };
}

export function newsArticleJsonLd(
  article: ArticleSummary,
  description: string,
  organisation: Organisation,
  image?: string,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    description,
    datePublished: article.published_date,
    image: [image ?? `${env.siteUrl}${socialImage.path}`],
    dateModified: article.updated_at,
    mainEntityOfPage: `${env.siteUrl}${paths.article(article.id)}`,
    author: organizer(organisation),
    publisher: {
      ...organizer(organisation),
      logo: { '@type': 'ImageObject', url: `${env.siteUrl}/favicon.svg` },
    },
  };
}
