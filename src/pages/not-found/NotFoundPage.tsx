import { Link } from 'react-router-dom';
import { Compass } from 'lucide-react';
import { Seo } from '../../components/Seo';
import { buttonStyles } from '../../components/PageHero';
import { paths } from '../../config/paths';
import { useSiteSettings } from '../../data/SiteSettingsProvider';

export default function NotFoundPage() {
  const { edition } = useSiteSettings();
  return (
    <>
      <Seo
        title="Page Not Found"
        description={`This page took a wrong turn. Head back to the ${edition.name} home page.`}
      />
      <section className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
        <Compass aria-hidden="true" className="mx-auto h-16 w-16 text-amber-600" />
        <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-ink">Page Not Found</h1>
        <p className="mt-4 text-lg text-slate-700">
          Looks like this road is off the route map. The page you are looking for does not exist or
          has moved.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <Link to={paths.home} className={buttonStyles.dark}>
            Back to Home
          </Link>
          <Link
            to={paths.rallyPage(edition.year)}
            className="inline-flex items-center rounded-full px-6 py-3 font-bold text-link ring-2 ring-blue-800 hover:bg-blue-50"
          >
            See the {edition.year} Rally
          </Link>
        </div>
      </section>
    </>
  );
}
