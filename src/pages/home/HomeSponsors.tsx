import { Link } from 'react-router-dom';
import { ArrowRight } from 'lucide-react';
import type { Sponsor } from '../../data/types';
import { paths } from '../../config/paths';
import { SponsorGrid } from '../../components/SponsorGrid';
import { Spinner } from '../../components/Spinner';
import { EmptyState } from '../../components/EmptyState';
import { useSiteSettings } from '../../data/SiteSettingsProvider';

export function HomeSponsors({ loading, sponsors }: { loading: boolean; sponsors: Sponsor[] }) {
  const { year } = useSiteSettings().edition;
  return (
    <div>
      {loading ? (
        <Spinner label="Loading sponsors..." />
      ) : sponsors.length === 0 ? (
        <EmptyState title="No sponsors to display yet.">
          Your company could be the first to back the {year} rally.
        </EmptyState>
      ) : (
        <SponsorGrid sponsors={sponsors} />
      )}
      {loading ? null : (
        <p className="mt-8 text-center">
          <Link
            to={paths.sponsors}
            className="inline-flex items-center gap-2 font-semibold text-blue-800 hover:text-blue-600"
          >
            {sponsors.length === 0 ? 'Become a Sponsor' : 'Learn About Sponsorship'}
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        </p>
      )}
    </div>
  );
}
