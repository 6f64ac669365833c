import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { RallyCallLink } from './RallyCall';

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
    <section className="bg-gradient-to-br from-slate-950 via-blue-950 to-slate-900 text-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        {eyebrow ? (
          <p className="text-sm font-semibold uppercase tracking-widest text-amber-300">
            {eyebrow}
          </p>
        ) : null}
        <h1 className="mt-2 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
          {title}
        </h1>
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
    <section id={id} className={`py-14 sm:py-20 ${className}`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {title ? (
          <h2 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h2>
        ) : null}
        {intro ? <div className="mt-3 max-w-3xl text-lg text-slate-600">{intro}</div> : null}
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
    'inline-flex items-center justify-center gap-2 rounded-full bg-amber-400 px-6 py-3 font-bold text-slate-950 shadow hover:bg-amber-300',
  secondary:
    'inline-flex items-center justify-center gap-2 rounded-full border-2 border-white/80 px-6 py-3 font-bold text-white hover:bg-white hover:text-slate-950',
  dark: 'inline-flex items-center justify-center gap-2 rounded-full bg-slate-900 px-6 py-3 font-bold text-white hover:bg-slate-700',
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
