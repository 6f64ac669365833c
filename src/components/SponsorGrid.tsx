import type { Sponsor } from '../data/types';
import { isHeadlineSponsor } from '../data/sponsors';
import { mediaUrl } from '../data/client';
import { MediaImage } from './MediaImage';

/**
 * A logo's alt text when its sponsor's name is printed under it: the administrator's description
 * unless it only repeats the name (a caption and an alt saying the same thing are read twice),
 * then '<name> logo'; nothing for a logo marked decorative.
 */
export function logoAlt(sponsor: Pick<Sponsor, 'name' | 'logo_alt' | 'logo_decorative'>): string {
  if (sponsor.logo_decorative) return '';
  const alt = sponsor.logo_alt.trim();
  return alt && alt.toLowerCase() !== sponsor.name.trim().toLowerCase()
    ? alt
    : `${sponsor.name} logo`;
}

/**
 * Published sponsors: the logo with the sponsor's name under it (many marks are abstract shapes),
 * or the name alone, linked to their website when they have one.
 */
export function SponsorGrid({ sponsors }: { sponsors: Sponsor[] }) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-label="Sponsors">
      {sponsors.map((sponsor) => {
        const logo = mediaUrl(sponsor.logo_url);
        const body = logo ? (
          <>
            <MediaImage
              src={logo}
              alt={logoAlt(sponsor)}
              sizes="240px"
              width={240}
              height={120}
              className="mx-auto h-20 w-auto max-w-full object-contain"
            />
            <span className="text-sm font-semibold text-slate-800">{sponsor.name}</span>
          </>
        ) : (
          <span className="text-lg font-bold text-slate-900">{sponsor.name}</span>
        );
        const cardClass =
          'flex h-full min-h-[8rem] flex-col items-center justify-center gap-2 rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm';
        return (
          <li
            key={sponsor.id}
            data-headline={isHeadlineSponsor(sponsor) || undefined}
            className={isHeadlineSponsor(sponsor) ? 'col-span-2' : undefined}
          >
            {sponsor.website_url ? (
              <a
                href={sponsor.website_url}
                target="_blank"
                rel="noopener noreferrer"
                className={`${cardClass} transition hover:border-amber-400 hover:shadow-md`}
              >
                {body}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              <div className={cardClass}>{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
