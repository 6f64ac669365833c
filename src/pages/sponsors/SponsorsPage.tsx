import { ArrowDown, Check } from 'lucide-react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { PageHero, Section } from '../../components/PageHero';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { Seo } from '../../components/Seo';
import { SponsorGrid } from '../../components/SponsorGrid';
import { Spinner } from '../../components/Spinner';
import { VideoFacade } from '../../components/VideoFacade';
import { sponsorTiers, storyVideos, videoCategories } from '../../config/rally';
import { sponsorSteps, sponsorCarPhotos, whySponsor } from '../../content/sponsorship';
import type { Sponsor } from '../../data/types';
import { listPublishedSponsors } from '../../data/sponsors';
import { useDb } from '../../data/dbContext';
import { formatMoney } from '../../../supabase/functions/_shared/formats/money';
import { useLoad } from '../../lib/useLoad';
import { ENQUIRY_ANCHOR, enquiryLink, SponsorshipForm } from './SponsorshipForm';
import { VideoList } from '../../components/VideoPlayer';
import { listPublishedVideos } from '../../data/videos';
import { useSiteSettings } from '../../data/SiteSettingsProvider';

export function PublishedSponsors({
  loading,
  sponsors,
}: {
  loading: boolean;
  sponsors: Sponsor[];
}) {
  if (loading) return <Spinner label="Loading sponsors..." />;
  if (sponsors.length === 0) return <EmptyState title="No sponsors to display yet." />;
  return <SponsorGrid sponsors={sponsors} />;
}

export default function SponsorsPage() {
  const db = useDb();
  const sponsors = useLoad('sponsors', () => listPublishedSponsors(db), {
    empty: [],
    prerender: true,
  });
  // Interviews are films in their category: the section shows only when there is one to watch.
  const interviews = useLoad(
    'sponsor-interviews',
    () => listPublishedVideos(db, videoCategories.sponsorInterview),
    { empty: [], prerender: true },
  );
  const { edition } = useSiteSettings();
  return (
    <>
      <Seo
        title="Sponsors"
        description={`Sponsor a car on the ${edition.name}: three tiers from £800 to £8,000, your brand across Europe and real help for children and families.`}
      />
      <PageHero eyebrow="Sponsorship" title="Put your brand on the road for a good cause">
        <p>Your sponsorship puts a car on the road and every pound the team raises goes further.</p>
      </PageHero>

      <Section title="Sponsorship tiers">
        <ul className="grid gap-6 lg:grid-cols-3">
          {sponsorTiers.map((tier, index) => (
            <li
              key={tier.tier}
              className={`flex flex-col rounded-3xl p-8 shadow-sm ${
                index === 0
                  ? 'bg-slate-900 text-white ring-4 ring-amber-400'
                  : 'border border-slate-200 bg-white'
              }`}
            >
              <h3
                className={`text-sm font-semibold uppercase tracking-widest ${index === 0 ? 'text-amber-300' : 'text-blue-800'}`}
              >
                {tier.tier}
              </h3>
              <p className="mt-2 text-4xl font-extrabold">{formatMoney(tier.price)}</p>
              <p className={`mt-1 ${index === 0 ? 'text-slate-300' : 'text-slate-600'}`}>
                {tier.headline}
              </p>
              <ul className="mt-6 flex-1 space-y-3">
                {tier.benefits.map((benefit) => (
                  <li key={benefit} className="flex gap-2">
                    <Check
                      aria-hidden="true"
                      className={`mt-0.5 h-5 w-5 shrink-0 ${index === 0 ? 'text-amber-300' : 'text-emerald-700'}`}
                    />
                    <span>{benefit}</span>
                  </li>
                ))}
              </ul>
              <Link
                to={enquiryLink(tier)}
                className={`mt-8 inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 font-bold ${
                  index === 0
                    ? 'bg-amber-400 text-slate-950 hover:bg-amber-300'
                    : 'bg-slate-900 text-white hover:bg-slate-700'
                }`}
              >
                Enquire about {tier.tier}
                <ArrowDown aria-hidden="true" className="h-4 w-4" />
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section className="bg-white" title="How to sponsor">
        <ol className="grid gap-6 md:grid-cols-4">
          {sponsorSteps.map((step, index) => (
            <li key={step.title} className="rounded-2xl bg-slate-50 p-6">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-amber-400 font-bold text-slate-950">
                {index + 1}
              </span>
              <p className="mt-4 font-bold text-slate-900">{step.title}</p>
              <p className="mt-1 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section title="Why sponsor the rally?">
        <div className="grid items-start gap-10 lg:grid-cols-2">
          <ul className="space-y-5">
            {whySponsor.map((reason) => (
              <li key={reason.title}>
                <p className="font-bold text-slate-900">{reason.title}</p>
                <p className="mt-1 text-slate-600">{reason.text}</p>
              </li>
            ))}
          </ul>
          <VideoFacade
            title={storyVideos.sponsors.title}
            embedUrl={storyVideos.sponsors.embedUrl}
            caption="A sponsor’s story"
          />
        </div>
      </Section>

      <Section className="bg-white" title="Sponsor cars">
        <ul className="grid gap-4 sm:grid-cols-3">
          {sponsorCarPhotos.map((photo) => (
            <li key={photo.src}>
              <ResponsiveImage
                src={photo.src}
                alt={photo.alt}
                width={800}
                height={600}
                sizes="(min-width: 1280px) 400px, (min-width: 640px) 33vw, 100vw"
                className="aspect-[4/3] w-full rounded-2xl bg-slate-200 object-cover"
              />
            </li>
          ))}
        </ul>
      </Section>

      {interviews.data.length > 0 ? (
        <Section title="Sponsor interviews">
          <VideoList videos={interviews.data} label="Sponsor interviews" />
        </Section>
      ) : null}

      <Section className="bg-white" title="Our sponsors">
        <PublishedSponsors loading={sponsors.loading} sponsors={sponsors.data} />
      </Section>

      <Section
        id={ENQUIRY_ANCHOR}
        title="Sponsorship enquiry"
        intro="Tell us about your company and the tier you are interested in; we will reply within two working days."
      >
        <div className="max-w-3xl rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
          <SponsorshipForm />
        </div>
      </Section>
    </>
  );
}
