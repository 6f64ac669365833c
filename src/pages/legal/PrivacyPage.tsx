import { privacy } from './documents';
import { LegalPage } from './LegalPage';

export default function PrivacyPage() {
  return (
    <LegalPage
      document={privacy}
      description="How the Europe Rally collects, uses and protects personal information from registrations, enquiries and messages."
    />
  );
}
