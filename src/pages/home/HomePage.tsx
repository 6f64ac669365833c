import { Link } from 'react-router-dom';
import { ArrowRight, Calendar, Flag, MapPin, Quote } from 'lucide-react';
import { Countdown } from '../../components/Countdown';
import {
  HeroCallsToAction,
  HeroPhoto,
  heroGround,
  renderWhenNearViewport,
  Section,
} from '../../components/PageHero';
import { Seo } from '../../components/Seo';
import { VideoFacade } from '../../components/VideoFacade';
import { FeaturedFilm } from '../../components/FeaturedFilm';
import { paths } from '../../config/paths';
import { storyVideos } from '../../config/rally';
import { listPublishedArticles } from '../../data/news';
import { listPublishedSponsors } from '../../data/sponsors';
import { getFeaturedTestimonial } from '../../data/testimonials';
import { formatMoney } from '../../../supabase/functions/_shared/formats/money';
import { useLoad } from '../../lib/useLoad';
import { useDb } from '../../data/dbContext';
import { useSiteSettings } from '../../data/SiteSettingsProvider';
import { useRallyPhase } from '../../data/useRallyPhase';
import { dateRangeLabel, rallyLength } from '../../lib/calendar';
import { organizationJsonLd, rallyEventJsonLd } from '../../components/structuredData';
import { HomeSponsors } from './HomeSponsors';
import { LatestNews } from './LatestNews';
import { NextRallyForm } from '../../components/NextRallyForm';

const HOME_NEWS_COUNT = 3;

export default function HomePage() {
  const db = useDb();
  const settings = useSiteSettings();
  const { edition, fundraising } = settings;
  const phase = useRallyPhase();
  const dates = dateRangeLabel(edition.startDate, edition.endDate);
  const { days } = rallyLength(edition);
  const sponsors = useLoad('sponsors', () => listPublishedSponsors(db), {
    empty: [],
    prerender: true,
  });
  const news = useLoad(
    `news:${HOME_NEWS_COUNT}`,
    () => listPublishedArticles({ limit: HOME_NEWS_COUNT }, db),
    { empty: [], prerender: true },
  );
  const testimonial = useLoad('testimonial', () => getFeaturedTestimonial(db), {
    empty: null,
    prerender: true,
  });

  return (
    <>
      <Seo
        title={edition.name}
        description={`Join the ${edition.name}, ${dates}: a charity car rally from the ${edition.startPlace} to ${edition.finishPlace} raising funds for rare genetic condition research and a care village for disabled children.`}
        jsonLd={[organizationJsonLd(settings), rallyEventJsonLd(settings, phase)]}
      />
      <section
        className={`relative isolate overflow-hidden pb-16 pt-32 text-white sm:pb-24 sm:pt-40 ${heroGround}`}
      >
        <HeroPhoto />
        <div className="relative mx-auto max-w-page px-4 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-widest text-accent-light">
            {dates} · {edition.startPlace} to {edition.finishPlace}
          </p>
          <h1 className="mt-3 max-w-4xl text-4xl font-bold tracking-tight sm:text-6xl">
            Drive across Europe for children who need us
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-200">
            {days} days, six countries and one mystery route. The {edition.name} raises money for
            rare genetic condition research and a lifelong-care village for disabled children and
            their families.
          </p>
          <div className="mt-10 max-w-2xl">
            <Countdown edition={edition} />
          </div>
          <HeroCallsToAction className="mt-10" />
        </div>
      </section>

      <Section className={renderWhenNearViewport} title="A road trip with a purpose">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <div className="space-y-4 text-lg text-slate-700">
            <p>
              Every June a convoy of everyday cars leaves the UK for a week of mountain passes,
              lakeside towns and great company. Teams of two share the driving, the stories and the
              fundraising.
            </p>
            <p>
              Your entry covers your hotels and the route book; everything you raise goes to the
              families who need it. Since our first tour, supporters have raised{' '}
              <span data-testid="fundraising-raised">{formatMoney(fundraising.raised)}</span>{' '}
              towards our {formatMoney(fundraising.goal)} goal.
            </p>
          </div>
          <FeaturedFilm />
        </div>
      </Section>

      <Section
        className={`bg-white ${renderWhenNearViewport}`}
        title={
          phase === 'after'
            ? 'Our last rally'
            : phase === 'during'
              ? 'On the road now'
              : 'Upcoming event'
        }
      >
        <Link
          to={paths.rallyPage(edition.year)}
          className="group block overflow-hidden rounded-3xl bg-gradient-to-r from-night-700 to-night p-8 text-white shadow-xl transition hover:shadow-2xl sm:p-12"
        >
          <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-widest text-accent-light">
            <Flag aria-hidden="true" className="h-4 w-4" /> Main Rally
          </p>
          <p className="mt-3 text-3xl font-extrabold sm:text-4xl">The {edition.name}</p>
          <div className="mt-5 flex flex-wrap gap-x-8 gap-y-3 text-slate-200">
            <span className="flex items-center gap-2">
              <Calendar aria-hidden="true" className="h-5 w-5 text-accent-light" /> {dates}
            </span>
            <span className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="h-5 w-5 text-accent-light" />{' '}
              {edition.startPlace} to {edition.finishPlace}, via a mystery route
            </span>
          </div>
          <span className="mt-8 inline-flex items-center gap-2 font-bold text-accent-light group-hover:gap-3">
            Rally details and pricing <ArrowRight aria-hidden="true" className="h-5 w-5" />
          </span>
        </Link>
        {phase === 'after' ? (
          <div className="mt-8 max-w-xl" data-testid="next-rally">
            <NextRallyForm tone="light" />
          </div>
        ) : null}
      </Section>

      <Section className={renderWhenNearViewport} title="Why we rally">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <VideoFacade title={storyVideos.charity.title} embedUrl={storyVideos.charity.embedUrl} />
          <div className="space-y-4 text-lg text-slate-700">
            <p>
              Rare genetic conditions affect thousands of children in the UK, yet research into them
              is underfunded. We fund that research, and we are building a village where disabled
              children and their families can find lifelong care and support.
            </p>
            <Link
              to={paths.about}
              className="inline-flex items-center gap-2 font-semibold text-link hover:text-link-hover"
            >
              About the charity <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          </div>
        </div>
      </Section>

      {testimonial.data ? (
        <section className={`bg-night-800 py-16 text-white sm:py-20 ${renderWhenNearViewport}`}>
          <figure className="mx-auto max-w-3xl px-4 text-center sm:px-6">
            <Quote aria-hidden="true" className="mx-auto h-10 w-10 text-accent-light" />
            <blockquote className="mt-6 text-2xl font-medium leading-relaxed sm:text-3xl">
              <p>&ldquo;{testimonial.data.quote}&rdquo;</p>
            </blockquote>
            <figcaption className="mt-6 text-slate-300">
              <span className="font-semibold text-white">{testimonial.data.name}</span>,{' '}
              {testimonial.data.year} rally
            </figcaption>
          </figure>
        </section>
      ) : null}

      <Section
        className={renderWhenNearViewport}
        title="Our sponsors"
        intro="The companies whose support puts our cars on the road."
      >
        <HomeSponsors loading={sponsors.loading} sponsors={sponsors.data} />
      </Section>

      <Section className={`bg-white ${renderWhenNearViewport}`} title="Latest news">
        <LatestNews loading={news.loading} articles={news.data} />
      </Section>
    </>
  );
}
