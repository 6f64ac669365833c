import { MapPin } from 'lucide-react';
import { ContactLinks } from '../../components/ContactLinks';
import { PageHero, Section } from '../../components/PageHero';
import { Seo } from '../../components/Seo';
import { useSiteSettings } from '../../data/SiteSettingsProvider';
import { ContactForm } from './ContactForm';

export default function ContactPage() {
  const { edition, organisation } = useSiteSettings();
  return (
    <>
      <Seo
        title="Contact"
        description={`Get in touch with the ${organisation.name} team about the ${edition.year} rally, sponsorship, the charity or media enquiries.`}
      />
      <PageHero eyebrow="Contact" title="Get in touch">
        <p>
          Questions about the rally, sponsorship or the charity? We would love to hear from you.
        </p>
      </PageHero>
      <Section>
        <div className="grid gap-10 lg:grid-cols-3">
          <aside className="space-y-6">
            <h2 className="text-2xl font-bold text-ink">Contact details</h2>
            <ul className="space-y-4 text-slate-700">
              <ContactLinks />
              <li className="flex items-start gap-3">
                <MapPin aria-hidden="true" className="mt-1 h-5 w-5 text-amber-600" />
                <span>{organisation.address}</span>
              </li>
            </ul>
          </aside>
          <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 lg:col-span-2">
            <h2 className="mb-6 text-2xl font-bold text-ink">Send us a message</h2>
            <ContactForm />
          </div>
        </div>
      </Section>
    </>
  );
}
