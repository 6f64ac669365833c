import { PageHero } from '../../components/PageHero';
import { Seo } from '../../components/Seo';
import type { LegalDocument } from './documents';
import { formatLongDate } from '../../../supabase/functions/_shared/formats/dates';

export function LegalPage({
  document,
  description,
}: {
  document: LegalDocument;
  description: string;
}) {
  return (
    <>
      <Seo title={document.title} description={description} />
      <PageHero title={document.title}>
        <p>
          Last updated{' '}
          <time dateTime={document.lastUpdated}>{formatLongDate(document.lastUpdated)}</time>
        </p>
      </PageHero>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <p className="text-lg text-slate-700">{document.intro}</p>
        {document.sections.map((section) => (
          <section key={section.heading} className="mt-10">
            <h2 className="text-2xl font-bold text-ink">{section.heading}</h2>
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph} className="mt-3 text-slate-700">
                {paragraph}
              </p>
            ))}
            {section.points ? (
              <ul className="mt-3 list-disc space-y-2 pl-6 text-slate-700">
                {section.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </div>
    </>
  );
}
