import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Mail, MapPin, Phone } from 'lucide-react';
import { paths } from '../config/paths';
import { isEmail } from '../lib/validation';
import { phoneHref } from '../lib/format';
import { dateRangeLabel } from '../lib/calendar';
import { useSiteSettings } from '../data/SiteSettingsProvider';
import { navLinks } from './Header';

function Newsletter() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isEmail(email)) {
      setError('Please enter a valid email address.');
      event.currentTarget.querySelector('input')?.focus();
      return;
    }
    setError(null);
    setConfirmed(email.trim());
    setEmail('');
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Newsletter">
      <h2 className="text-sm font-semibold uppercase tracking-wider text-amber-300">Newsletter</h2>
      <p className="mt-3 text-sm text-slate-300">
        Rally news, stories from the road and fundraising updates.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-error' : undefined}
          className="min-w-0 flex-1 rounded-lg border border-slate-600 bg-slate-900 px-3 py-2 text-white placeholder:text-slate-400 focus:border-amber-400 focus:outline-none focus:ring-2 focus:ring-amber-400/40"
        />
        <button
          type="submit"
          className="rounded-lg bg-amber-400 px-4 py-2 font-semibold text-slate-950 hover:bg-amber-300"
        >
          Subscribe
        </button>
      </div>
      {error ? (
        <p id="newsletter-error" role="alert" className="mt-2 text-sm font-medium text-red-300">
          {error}
        </p>
      ) : null}
      {confirmed ? (
        <p role="status" className="mt-2 text-sm text-emerald-300">
          Thank you! We&apos;ll send rally news to {confirmed}.
        </p>
      ) : null}
    </form>
  );
}

export function Footer() {
  const { edition, organisation } = useSiteSettings();
  const linkClass = 'text-slate-300 hover:text-amber-200';
  return (
    <footer className="bg-slate-950 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="text-lg font-extrabold text-white">
            {organisation.name} <span className="text-amber-300">{edition.year}</span>
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
          <h2 className="text-sm font-semibold uppercase tracking-wider text-amber-300">Explore</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {navLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
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
          <h2 className="text-sm font-semibold uppercase tracking-wider text-amber-300">Contact</h2>
          <ul className="mt-3 space-y-3 text-sm">
            <li className="flex items-start gap-2">
              <Mail aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-300" />
              <a href={`mailto:${organisation.email}`} className={linkClass}>
                {organisation.email}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <Phone aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-300" />
              <a href={phoneHref(organisation.phone)} className={linkClass}>
                {organisation.phone}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-300" />
              <span className="text-slate-300">{organisation.address}</span>
            </li>
          </ul>
        </div>
        <Newsletter />
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-slate-400 sm:px-6 lg:px-8">
          {`© ${edition.year} ${organisation.name}. All rights reserved.`}
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
