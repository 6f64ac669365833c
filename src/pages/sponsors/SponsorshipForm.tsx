import { useState } from 'react';
import { EmailField, SelectField, TextAreaField, TextField } from '../../components/FormField';
import { FormSubmit } from '../../components/FormSubmit';
import { Modal } from '../../components/Modal';
import { env } from '../../config/env';
import { sponsorTiers } from '../../config/rally';
import { useForm } from '../../lib/useForm';
import { isBlank, isEmail, type FieldErrors } from '../../lib/validation';
import { postToWebhook } from '../../lib/webhook';
import { useSiteSettings } from '../../data/SiteSettingsProvider';

/** The JSON the sponsorship automation receives. */
export type SponsorshipEnquiry = {
  companyName: string;
  email: string;
  phone: string;
  tier: string;
  message: string;
};

const tierOptions = sponsorTiers.map((tier) => ({
  value: tier.enquiryOption,
  label: tier.enquiryOption,
}));

const blank: SponsorshipEnquiry = { companyName: '', email: '', phone: '', tier: '', message: '' };

export const SPONSORSHIP_REJECTED = 'There was an issue submitting your inquiry. Please try again.';
export const SPONSORSHIP_FAILED = 'There was an error submitting your inquiry. Please try again.';

function validate(values: SponsorshipEnquiry): FieldErrors<keyof SponsorshipEnquiry> {
  const errors: FieldErrors<keyof SponsorshipEnquiry> = {};
  if (isBlank(values.companyName)) errors.companyName = 'Please enter your company name.';
  if (isBlank(values.email)) errors.email = 'Please enter your email address.';
  else if (!isEmail(values.email)) errors.email = 'Please enter a valid email address.';
  if (isBlank(values.phone)) errors.phone = 'Please enter your phone number.';
  if (!sponsorTiers.some((tier) => tier.enquiryOption === values.tier))
    errors.tier = 'Please select a sponsorship tier.';
  if (isBlank(values.message)) errors.message = 'Please enter a message.';
  return errors;
}

export function SponsorshipForm() {
  const { edition } = useSiteSettings();
  const form = useForm(blank, validate);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [thanked, setThanked] = useState(false);

  const submit = form.onSubmit(async (values) => {
    setSending(true);
    setFailure(null);
    const payload: SponsorshipEnquiry = {
      companyName: values.companyName.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      tier: values.tier,
      message: values.message.trim(),
    };
    const outcome = await postToWebhook(env.sponsorshipWebhookUrl, payload);
    setSending(false);
    if (outcome === 'ok') {
      form.reset();
      setThanked(true);
    } else {
      setFailure(outcome === 'rejected' ? SPONSORSHIP_REJECTED : SPONSORSHIP_FAILED);
    }
  });

  return (
    <>
      <form onSubmit={submit} noValidate className="space-y-5" aria-label="Sponsorship enquiry">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Company name"
            required
            autoComplete="organization"
            {...form.field('companyName')}
          />
          <EmailField label="Email" required {...form.field('email')} />
          <TextField
            label="Phone"
            type="tel"
            required
            autoComplete="tel"
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
        <TextAreaField label="Message" required {...form.field('message')} />
        <FormSubmit sending={sending} failure={failure}>
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
