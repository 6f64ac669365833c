import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths, rallyPageYear } from '../config/paths';
import { useSiteSettings } from '../data/SiteSettingsProvider';
import { MediaImage } from './MediaImage';
import { RallyCallLink } from './RallyCall';

/** The hero's dark ground: night blue, with a warm glow where the sun would be. */
export const heroGround = 'bg-gradient-to-br from-night via-night-700 to-night-800';

/**
 * The photograph the organiser chose for this page's hero (Settings → Pages), behind a dark
 * overlay that keeps the white text above AA contrast. It is decoration (alt=""): the headline
 * says what the page is. Fetched early, with the width variants in srcset, because it is the
 * largest thing in the first view; a page without one keeps the plain ground.
 */
export function HeroPhoto() {
  const { pathname } = useLocation();
  // Every edition's page has the rally's hero (Settings → Pages keys it by /rally).
  const edition = rallyPageYear(pathname.slice(1)) !== null;
  const image = useSiteSettings().heroes[edition ? paths.rallyAlias : pathname];
  if (!image) return null;
  return (
    <div aria-hidden="true" className="absolute inset-0" data-hero-photo="">
      <MediaImage
        src={image}
        alt=""
        sizes="100vw"
        priority
        className="h-full w-full object-cover"
      />
      <div className="absolute inset-0 bg-gradient-to-r from-night via-night/85 to-night/40" />
      <div className="absolute inset-0 bg-gradient-to-t from-night/70 to-transparent" />
    </div>
  );
}

/** The dark banner at the top of every inner page, carrying its one h1. */
export function PageHero({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <section className={`relative isolate overflow-hidden text-white ${heroGround}`}>
      <HeroPhoto />
      <div className="relative mx-auto max-w-page px-4 py-section sm:px-6 sm:py-section-lg lg:px-8">
        {eyebrow ? (
          <p className="text-sm font-semibold uppercase tracking-widest text-accent-light">
            {eyebrow}
          </p>
        ) : null}
        <h1 className="mt-2 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        {children ? <div className="mt-5 max-w-2xl text-lg text-slate-200">{children}</div> : null}
      </div>
    </section>
  );
}

/** A content section with a consistent width and heading. */
export function Section({
  title,
  intro,
  children,
  className = '',
  id,
}: {
  title?: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  return (
    <section id={id} className={`py-section sm:py-section-lg ${className}`}>
      <div className="mx-auto max-w-page px-4 sm:px-6 lg:px-8">
        {title ? (
          <h2 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h2>
        ) : null}
        {intro ? <div className="mt-3 max-w-3xl text-lg text-ink-muted">{intro}</div> : null}
        <div className={title || intro ? 'mt-10' : ''}>{children}</div>
      </div>
    </section>
  );
}

/**
 * For a long page's sections below the fold (none with a fixed-position dialog inside: the
 * containment this brings would make the section, not the viewport, its frame). The browser
 * skips styling, laying out and painting such a section until it comes near the viewport, which
 * cuts the page's first layout; its content stays in the accessibility tree and find-in-page.
 * 640 px stands in for its height until it has been drawn once; then its real height is kept.
 */
export const renderWhenNearViewport =
  '[content-visibility:auto] [contain-intrinsic-size:auto_640px]';

export const buttonStyles = {
  primary:
    'inline-flex items-center justify-center gap-2 rounded-full bg-accent px-6 py-3 font-bold text-night shadow hover:bg-accent-light',
  secondary:
    'inline-flex items-center justify-center gap-2 rounded-full border-2 border-white/80 px-6 py-3 font-bold text-white hover:bg-white hover:text-night',
  dark: 'inline-flex items-center justify-center gap-2 rounded-full bg-night px-6 py-3 font-bold text-white hover:bg-night-700',
} as const;

/**
 * The hero's two calls to action (home and the rally page): the rally's call for its phase
 * ('Sign Up Today' while registration is open) and 'Sponsor Us'.
 */
export function HeroCallsToAction({ className }: { className: string }) {
  return (
    <div className={`flex flex-wrap gap-4 ${className}`}>
      <RallyCallLink place="hero" className={buttonStyles.primary} />
      <Link to={paths.sponsors} className={buttonStyles.secondary}>
        Sponsor Us
      </Link>
    </div>
  );
}
