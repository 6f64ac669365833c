import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { EmailField, SelectField, TextAreaField, TextField } from '../../components/FormField';
import { FormSubmit } from '../../components/FormSubmit';
import { Honeypot } from '../../components/Honeypot';
import { Modal } from '../../components/Modal';
import { sponsorTiers, type SponsorTierOffer } from '../../config/rally';
import { useDb } from '../../data/dbContext';
import { requestDelivery } from '../../data/delivery';
import {
  submitSponsorshipEnquiry,
  type SponsorshipEnquiryInput,
} from '../../data/sponsorshipEnquiries';
import { SubmissionError } from '../../data/submissions';
import { useForm } from '../../lib/useForm';
import { sponsorshipLimits } from '../../config/forms';
import {
  email,
  fieldProblem,
  isTooLong,
  shortenMessage,
  type FieldErrors,
} from '../../lib/validation';
import { phone, PHONE_HINT } from '../../lib/field-rules';
import { useSiteSettings } from '../../data/SiteSettingsProvider';

type SponsorshipEnquiry = SponsorshipEnquiryInput;

/** The enquiry section's id: a tier card's link lands there even before the page's script runs. */
export const ENQUIRY_ANCHOR = 'sponsorship-enquiry';
const TIER_PARAM = 'tier';

const tierSlug = (tier: SponsorTierOffer) => tier.tier.toLowerCase().replace(/\s+/g, '-');

/** Where a tier card's action goes: the enquiry form with that tier chosen (/sponsors?tier=tier-1). */
export function enquiryLink(tier: SponsorTierOffer) {
  return { search: `?${TIER_PARAM}=${tierSlug(tier)}`, hash: `#${ENQUIRY_ANCHOR}` };
}

const tierOptions = sponsorTiers.map((tier) => ({
  value: tier.enquiryOption,
  label: tier.enquiryOption,
}));

const blank: SponsorshipEnquiry = {
  companyName: '',
  email: '',
  phone: '',
  tier: '',
  message: '',
  website: '',
};

export const SPONSORSHIP_REJECTED = 'There was an issue submitting your inquiry. Please try again.';
export const SPONSORSHIP_FAILED = 'There was an error submitting your inquiry. Please try again.';
export const SPONSORSHIP_RATE_LIMITED =
  'Several enquiries were sent from this email address or network in a short time, so this one was not sent. Please try again in an hour.';

function validate(values: SponsorshipEnquiry): FieldErrors<keyof SponsorshipEnquiry> {
  const errors: FieldErrors<keyof SponsorshipEnquiry> = {};
  errors.companyName = fieldProblem(values.companyName, {
    required: 'Please enter your company name.',
  });
  if (!errors.companyName && isTooLong(values.companyName, sponsorshipLimits.companyName))
    errors.companyName = shortenMessage('your company name', sponsorshipLimits.companyName);
  errors.email = fieldProblem(values.email, {
    required: 'Please enter your email address.',
    rules: [email],
  });
  errors.phone = fieldProblem(values.phone, {
    required: 'Please enter your phone number.',
    rules: [phone],
  });
  if (!sponsorTiers.some((tier) => tier.enquiryOption === values.tier))
    errors.tier = 'Please select a sponsorship tier.';
  errors.message = fieldProblem(values.message, { required: 'Please enter a message.' });
  if (!errors.message && isTooLong(values.message, sponsorshipLimits.message))
    errors.message = shortenMessage('your message', sponsorshipLimits.message);
  return errors;
}

export function SponsorshipForm() {
  const { edition } = useSiteSettings();
  const db = useDb();
  const form = useForm(blank, validate);
  const [thanked, setThanked] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // A tier card's action chooses its tier here and moves focus to the choice (which scrolls the
  // form into view), every time it is followed: the location's key changes even for the same tier.
  const [params] = useSearchParams();
  const { key: arrival } = useLocation();
  const chosen = sponsorTiers.find((tier) => tierSlug(tier) === params.get(TIER_PARAM));
  const { set } = form;
  useEffect(() => {
    if (!chosen) return;
    set('tier', chosen.enquiryOption);
    formRef.current?.querySelector<HTMLSelectElement>('select[name="tier"]')?.focus();
  }, [chosen, arrival, set]);

  // Stored first; the webhook copy and the acknowledgement follow without holding the visitor.
  const submit = form.onSubmit(async (values) => {
    try {
      const reference = await submitSponsorshipEnquiry(values, db);
      void requestDelivery('sponsorship', reference);
      form.reset();
      setThanked(true);
    } catch (error) {
      console.warn('Could not store the enquiry', error);
      if (form.refuse(error)) return;
      if (!(error instanceof SubmissionError)) return form.fail(SPONSORSHIP_FAILED);
      if (error.reason === 'rate-limited') return form.fail(SPONSORSHIP_RATE_LIMITED);
      // The spec's two messages: an answer that was not ok, or no answer at all.
      form.fail(error.status === 0 ? SPONSORSHIP_FAILED : SPONSORSHIP_REJECTED);
    }
  });

  return (
    <>
      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        className="space-y-5"
        aria-label="Sponsorship enquiry"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Company name"
            required
            autoComplete="organization"
            limit={sponsorshipLimits.companyName}
            {...form.field('companyName')}
          />
          <EmailField label="Email" required {...form.field('email')} />
          <TextField
            label="Phone"
            type="tel"
            required
            autoComplete="tel"
            hint={PHONE_HINT}
            {...form.field('phone')}
          />
          <SelectField
            label="Sponsorship tier"
            required
            placeholder="Select Sponsorship Tier"
            options={tierOptions}
            {...form.field('tier')}
          />
        </div>
        <TextAreaField
          label="Message"
          required
          limit={sponsorshipLimits.message}
          {...form.field('message')}
        />
        <Honeypot {...form.field('website')} />
        <FormSubmit sending={form.sending} failure={form.failure}>
          Send Enquiry
        </FormSubmit>
      </form>
      <Modal open={thanked} title="Thank You!" onClose={() => setThanked(false)}>
        <p>
          Thank you for your interest in sponsoring the {edition.name}. We will be in touch shortly.
        </p>
        <button
          type="button"
          onClick={() => setThanked(false)}
          className="mt-6 rounded-full bg-amber-400 px-6 py-2.5 font-bold text-slate-950 hover:bg-amber-300"
        >
          Done
        </button>
      </Modal>
    </>
  );
}
