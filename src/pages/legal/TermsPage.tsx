import { terms } from './documents';
import { useSiteSettings } from '../../data/SiteSettingsProvider';
import { formatMoney } from '../../../supabase/functions/_shared/formats/money';
import { LegalPage } from './LegalPage';

export default function TermsPage() {
  const settings = useSiteSettings();
  const { edition } = settings;
  return (
    <LegalPage
      document={terms(settings)}
      description={`Terms and conditions of the ${edition.name}: eligibility, the ${formatMoney(edition.deposit)} non-refundable deposit, cancellation and refunds.`}
    />
  );
}
