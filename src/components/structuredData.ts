// Schema.org data for search engines (JSON-LD): the rally as an Event, the charity as an
// Organization and each news article. Built from the one place that holds the facts.
import { env } from '../config/env';
import { paths } from '../config/paths';
import { contactDetails } from '../config/contact';
import { rally } from '../config/rally';
import type { ArticleSummary } from '../data/types';
import { socialImage } from '../config/images';

const organizer = () => ({
  '@type': 'Organization',
  name: 'Europe Rally',
  url: `${env.siteUrl}/`,
  email: contactDetails.email,
});

export function organizationJsonLd() {
  return {
    '@context': 'https://schema.org',
    ...organizer(),
    logo: `${env.siteUrl}/favicon.svg`,
    telephone: contactDetails.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: contactDetails.address,
      addressCountry: 'GB',
    },
    sameAs: contactDetails.social.map((social) => social.href),
  };
}

export function rallyEventJsonLd() {
  const url = `${env.siteUrl}${paths.rally}`;
  const offer = (name: string, price: number) => ({
    '@type': 'Offer',
    name,
    price: String(price),
    priceCurrency: 'GBP',
    availability: 'https://schema.org/LimitedAvailability',
    url: `${env.siteUrl}${paths.signUp}`,
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: rally.name,
    description: `A ${rally.days}-day charity car rally from the UK to Austria through ${rally.route.countries.join(', ')}.`,
    startDate: rally.startDate.slice(0, 10),
    endDate: rally.endDate.slice(0, 10),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: 'From the United Kingdom to Austria',
      address: { '@type': 'PostalAddress', addressCountry: 'GB' },
    },
    image: `${env.siteUrl}${socialImage.path}`,
    url,
    organizer: organizer(),
    offers: [
      offer(`Entry for one car and ${rally.guestsPerCar} guests`, rally.pricePerCar),
      offer('Deposit to secure a place', rally.deposit),
    ],
  };
}

export function newsArticleJsonLd(article: ArticleSummary, description: string, image?: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    description,
    datePublished: article.published_date,
    image: [image ?? `${env.siteUrl}${socialImage.path}`],
    dateModified: article.updated_at,
    mainEntityOfPage: `${env.siteUrl}${paths.article(article.id)}`,
    author: organizer(),
    publisher: {
      ...organizer(),
      logo: { '@type': 'ImageObject', url: `${env.siteUrl}/favicon.svg` },
    },
  };
}
