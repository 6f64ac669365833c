import { Link } from 'react-router-dom';
import { CircleCheckBig } from 'lucide-react';
import { ContactLinks } from '../../components/ContactLinks';
import { Seo } from '../../components/Seo';
import { buttonStyles } from '../../components/PageHero';
import { paths } from '../../config/paths';
import { rally } from '../../config/rally';
import { useSiteSettings } from '../../data/SiteSettingsProvider';

export default function PaymentSuccessPage() {
  const { edition } = useSiteSettings();
  return (
    <>
      <Seo
        title="Payment Successful"
        description={`Your deposit for the ${edition.name} has been received.`}
      />
      <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24">
        <div className="rounded-3xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-12">
          <CircleCheckBig aria-hidden="true" className="mx-auto h-16 w-16 text-emerald-600" />
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900">
            Payment Successful!
          </h1>
          <p className="mt-4 text-lg text-slate-700">
            Thank you for registering for the {edition.name}. Your place is secured.
          </p>
          <div className="mt-10 text-left">
            <h2 className="text-xl font-bold text-slate-900">What happens next</h2>
            <ol className="mt-4 list-decimal space-y-2 pl-6 text-slate-700">
              <li>
                You will receive a confirmation email within {rally.confirmationEmailHours} hours.
              </li>
              <li>We will send your team pack and the balance payment details.</li>
              <li>Start fundraising: every pound helps children and families.</li>
            </ol>
          </div>
          <div className="mt-10 text-left">
            <h2 className="text-xl font-bold text-slate-900">Questions?</h2>
            <ul className="mt-4 space-y-2 text-slate-700">
              <ContactLinks />
            </ul>
          </div>
          <Link to={paths.home} className={`${buttonStyles.dark} mt-10`}>
            Back to Home
          </Link>
        </div>
      </section>
    </>
  );
}
