import { privacy } from './documents';
import { useSiteSettings } from '../../data/SiteSettingsProvider';
import { LegalPage } from './LegalPage';

export default function PrivacyPage() {
  const settings = useSiteSettings();
  return (
    <LegalPage
      document={privacy(settings)}
      description={`How the ${settings.organisation.name} collects, uses and protects personal information from registrations, enquiries and messages.`}
    />
  );
}
