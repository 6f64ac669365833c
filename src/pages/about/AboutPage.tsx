import { Link } from 'react-router-dom';
import { HandHeart, Heart, Home, Microscope, Users } from 'lucide-react';
import { PageHero, Section, buttonStyles } from '../../components/PageHero';
import { Seo } from '../../components/Seo';
import { Spinner } from '../../components/Spinner';
import { VideoFacade } from '../../components/VideoFacade';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { storyVideos } from '../../config/rally';
import { useSiteSettings } from '../../data/SiteSettingsProvider';
import type { PastTour } from '../../data/types';
import { listPublishedPastTours } from '../../data/pastTours';
import { useDb } from '../../data/dbContext';
import { formatPercent, formatWholeNumber } from '../../lib/format';
import { formatMoney } from '../../../supabase/functions/_shared/formats/money';
import { useLoad } from '../../lib/useLoad';

const features = [
  {
    icon: Microscope,
    title: 'Research',
    text: 'Funding research into rare genetic conditions that too often go unstudied.',
  },
  {
    icon: Home,
    title: 'The village',
    text: 'Homes designed for lifelong care, where families can stay together.',
  },
  {
    icon: Users,
    title: 'Families',
    text: 'Respite, advice and a community for parents and siblings.',
  },
  {
    icon: HandHeart,
    title: 'Volunteers',
    text: 'Drivers, fundraisers and friends who give their time every year.',
  },
] as const;

export function FundraisingProgress() {
  const { raised, goal } = useSiteSettings().fundraising;
  const percent = formatPercent(raised, goal);
  return (
    <div className="rounded-3xl bg-night-800 p-8 text-white shadow-xl">
      <p
        id="fundraising-label"
        className="text-sm font-semibold uppercase tracking-widest text-accent-light"
      >
        Fundraising progress
      </p>
      <p className="mt-2 text-3xl font-extrabold">
        {formatMoney(raised)}{' '}
        <span className="text-lg font-medium text-slate-300">raised of {formatMoney(goal)}</span>
      </p>
      <div
        role="progressbar"
        aria-labelledby="fundraising-label"
        // The range in pounds, as the amounts are spoken (the figures are pence).
        aria-valuemin={0}
        aria-valuemax={goal / 100}
        aria-valuenow={raised / 100}
        aria-valuetext={`${formatMoney(raised)} of ${formatMoney(goal)} (${percent})`}
        className="mt-5 h-4 overflow-hidden rounded-full bg-white/15"
      >
        <div className="h-full rounded-full bg-accent" style={{ width: percent }} />
      </div>
      <p className="mt-2 text-right font-semibold text-amber-200">{percent}</p>
    </div>
  );
}

export function PastTourList({ tours }: { tours: PastTour[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {tours.map((tour) => (
        <li key={tour.id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h3 className="text-2xl font-extrabold text-ink">{tour.year}</h3>
          <p className="mt-1 text-slate-700">{tour.route}</p>
          <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
            <div className="rounded-xl bg-paper p-2">
              <dt className="text-xs text-ink-muted">Participants</dt>
              <dd className="font-bold text-ink">{tour.participants}</dd>
            </div>
            <div className="rounded-xl bg-paper p-2">
              <dt className="text-xs text-ink-muted">Funds raised</dt>
              <dd className="font-bold text-ink">{tour.funds_raised}</dd>
            </div>
            <div className="rounded-xl bg-paper p-2">
              <dt className="text-xs text-ink-muted">Miles</dt>
              <dd className="font-bold text-ink">{formatWholeNumber(tour.miles)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

export default function AboutPage() {
  const db = useDb();
  const { edition, organisation, fundraising } = useSiteSettings();
  const donateUrl = organisation.donateUrl ?? env.donateUrl;
  const tours = useLoad('past-tours', () => listPublishedPastTours(db), {
    empty: [],
    prerender: true,
  });
  return (
    <>
      <Seo
        title="Charity"
        description="Why we rally: funding rare genetic condition research and building a lifelong-care village for disabled children and their families."
      />
      <PageHero eyebrow="Our charity" title="Every mile helps a family">
        <p>
          The Europe Rally exists to raise money for children living with rare genetic conditions,
          and for the families who care for them.
        </p>
      </PageHero>

      <Section title="Our story">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <VideoFacade title={storyVideos.charity.title} embedUrl={storyVideos.charity.embedUrl} />
          <div className="space-y-4 text-lg text-slate-700">
            <p>
              It started with one family, one car and a long drive to raise money for research into
              their daughter&apos;s condition. Friends joined the next year, and the rally was born.
            </p>
            <p>
              Today the rally funds research and is helping to build a village where disabled
              children can receive care for life.
            </p>
          </div>
        </div>
      </Section>

      <Section className="bg-white" title="The village project">
        <div className="grid gap-10 lg:grid-cols-2">
          <div className="space-y-4 text-lg text-slate-700">
            <p>
              Families of children with complex needs often face a future with no certainty of care
              once parents can no longer provide it. The village will offer accessible homes,
              on-site care, therapy and a community that lasts a lifetime.
            </p>
            <p>Every pound raised on the rally brings the first homes closer.</p>
          </div>
          <FundraisingProgress />
        </div>
      </Section>

      <Section title="What your support does">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon aria-hidden="true" className="h-8 w-8 text-amber-600" />
              <h3 className="mt-4 text-lg font-bold text-ink">{title}</h3>
              <p className="mt-1 text-ink-muted">{text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <section className="bg-gradient-to-r from-night-700 to-night py-16 text-white">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 sm:px-6 lg:flex-row lg:items-center lg:justify-between lg:px-8">
          <div>
            <h2 className="text-3xl font-bold">Help us reach {formatMoney(fundraising.goal)}</h2>
            <p className="mt-2 text-slate-200">
              Give what you can, or take part in the {edition.year} rally.
            </p>
          </div>
          <div className="flex flex-wrap gap-4">
            <a
              href={donateUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonStyles.primary}
            >
              <Heart aria-hidden="true" className="h-5 w-5" /> Donate Now
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            <Link to={paths.signUp} className={buttonStyles.secondary}>
              Join the {edition.year} Rally
            </Link>
          </div>
        </div>
      </section>

      {tours.loading ? (
        <Spinner label="Loading past tours..." />
      ) : tours.data.length > 0 ? (
        <Section title="Past tours">
          <PastTourList tours={tours.data} />
        </Section>
      ) : null}

      <Section className="bg-white" title="Make a donation">
        <p className="max-w-2xl text-lg text-slate-700">
          Can&apos;t join the rally? A gift of any size helps.{' '}
          <a
            href={donateUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-link underline underline-offset-2 hover:text-link-hover"
          >
            Donate on our giving page<span className="sr-only"> (opens in a new tab)</span>
          </a>
          .
        </p>
      </Section>
    </>
  );
}
