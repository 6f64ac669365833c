import { Link } from 'react-router-dom';
import { Mail, MapPin, Phone } from 'lucide-react';
import { paths } from '../config/paths';
import { phoneHref } from '../lib/format';
import { dateRangeLabel } from '../lib/calendar';
import { useSiteSettings } from '../data/SiteSettingsProvider';
import { useNow } from '../lib/useNow';
import { navLinks } from './Header';
import { LogoMark } from './LogoMark';
import { SubscribeForm } from './SubscribeForm';

function Newsletter() {
  return (
    <SubscribeForm
      source="footer"
      label="Newsletter"
      button="Subscribe"
      tone="dark"
      thanks={(email) => `Thank you! Please confirm with the link we have emailed to ${email}.`}
      heading={
        <>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-accent-light">
            Newsletter
          </h2>
          <p className="mt-3 text-sm text-slate-300">
            Rally news, stories from the road and fundraising updates.
          </p>
        </>
      }
    />
  );
}

export function Footer() {
  const { edition, organisation } = useSiteSettings();
  const linkClass = 'text-slate-300 hover:text-accent-light';
  return (
    <footer className="bg-night text-slate-200">
      <div className="mx-auto grid max-w-page gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="flex items-center gap-2 font-display text-lg font-bold text-white">
            <LogoMark className="h-9 w-9" />
            <span>
              {organisation.name} <span className="text-accent-light">{edition.year}</span>
            </span>
          </p>
          <p className="mt-3 text-sm text-slate-300">
            A charity car rally from the {edition.startPlace} to {edition.finishPlace},{' '}
            {dateRangeLabel(edition.startDate, edition.endDate)}, raising funds for rare genetic
            condition research and a lifelong-care village for disabled children and their families.
          </p>
          <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label="Social media">
            {organisation.social.map((social) => (
              <li key={social.label}>
                <a
                  href={social.href}
                  className={linkClass}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {social.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-accent-light">
            Explore
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {navLinks.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to === paths.rallyAlias ? paths.rallyPage(edition.year) : link.to}
                  className={linkClass}
                >
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to={paths.contact} className={linkClass}>
                Contact
              </Link>
            </li>
            <li>
              <Link to={paths.privacy} className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to={paths.terms} className={linkClass}>
                Terms &amp; Conditions
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-accent-light">
            Contact
          </h2>
          <ul className="mt-3 space-y-3 text-sm">
            <li className="flex items-start gap-2">
              <Mail aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-accent-light" />
              <a href={`mailto:${organisation.email}`} className={linkClass}>
                {organisation.email}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <Phone aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-accent-light" />
              <a href={phoneHref(organisation.phone)} className={linkClass}>
                {organisation.phone}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-accent-light" />
              <span className="text-slate-300">{organisation.address}</span>
            </li>
          </ul>
        </div>
        <Newsletter />
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-page px-4 py-6 text-sm text-slate-400 sm:px-6 lg:px-8">
          {`© ${useNow().getFullYear()} ${organisation.name}. All rights reserved.`}
          {organisation.charityNumber ? (
            <span data-testid="charity-number">
              {' '}
              Registered charity number {organisation.charityNumber}.
            </span>
          ) : null}
        </p>
      </div>
    </footer>
  );
}
