import { Mail, Phone } from 'lucide-react';
import { useSiteSettings } from '../data/SiteSettingsProvider';
import { phoneHref } from '../lib/format';

/** The team's email and phone as list items with icons (contact page, payment confirmation). */
export function ContactLinks() {
  const organisation = useSiteSettings().organisation;
  return (
    <>
      <li className="flex items-start gap-3">
        <Mail aria-hidden="true" className="mt-1 h-5 w-5 text-amber-600" />
        <a
          href={`mailto:${organisation.email}`}
          className="font-medium text-link hover:text-link-hover"
        >
          {organisation.email}
        </a>
      </li>
      <li className="flex items-start gap-3">
        <Phone aria-hidden="true" className="mt-1 h-5 w-5 text-amber-600" />
        <a
          href={phoneHref(organisation.phone)}
          className="font-medium text-link hover:text-link-hover"
        >
          {organisation.phone}
        </a>
      </li>
    </>
  );
}
