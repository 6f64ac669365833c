import { terms } from './documents';
import { LegalPage } from './LegalPage';

export default function TermsPage() {
  return (
    <LegalPage
      document={terms}
      description="Terms and conditions of the 2026 Europe Rally: eligibility, the £250 non-refundable deposit, cancellation and refunds."
    />
  );
}
