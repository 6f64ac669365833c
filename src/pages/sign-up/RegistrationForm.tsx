import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CheckboxField, EmailField, TextField } from '../../components/FormField';
import { FormSubmit } from '../../components/FormSubmit';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { useForm } from '../../lib/useForm';
import { isBlank, isEmail, type FieldErrors } from '../../lib/validation';
import { postToWebhook } from '../../lib/webhook';

/** The JSON the registration automation receives (spec section 3). */
export type RallyRegistration = {
  leadDriverName: string;
  leadDriverEmail: string;
  leadDriverPhone: string;
  coDriverName: string;
  coDriverEmail: string;
  coDriverPhone: string;
  teamName: string;
  separateRooms: boolean;
  vehicleMake: string;
  vehicleColour: string;
  registrationPlate: string;
};

type RegistrationValues = RallyRegistration & { acceptTerms: boolean };

const blank: RegistrationValues = {
  leadDriverName: '',
  leadDriverEmail: '',
  leadDriverPhone: '',
  coDriverName: '',
  coDriverEmail: '',
  coDriverPhone: '',
  teamName: '',
  separateRooms: false,
  vehicleMake: '',
  vehicleColour: '',
  registrationPlate: '',
  acceptTerms: false,
};

export const REGISTRATION_REJECTED =
  'There was an issue submitting your registration. Please try again.';
export const REGISTRATION_FAILED =
  'There was an error submitting your registration. Please try again.';

function validate(values: RegistrationValues): FieldErrors<keyof RegistrationValues> {
  const errors: FieldErrors<keyof RegistrationValues> = {};
  if (isBlank(values.leadDriverName))
    errors.leadDriverName = "Please enter the lead driver's full name.";
  if (isBlank(values.leadDriverEmail))
    errors.leadDriverEmail = "Please enter the lead driver's email address.";
  else if (!isEmail(values.leadDriverEmail))
    errors.leadDriverEmail = 'Please enter a valid email address.';
  if (isBlank(values.leadDriverPhone))
    errors.leadDriverPhone = "Please enter the lead driver's phone number.";
  if (!isBlank(values.coDriverEmail) && !isEmail(values.coDriverEmail))
    errors.coDriverEmail = 'Please enter a valid email address.';
  if (!values.acceptTerms)
    errors.acceptTerms = 'Please accept the terms and conditions to register.';
  return errors;
}

/** Leaves the site for the deposit payment page (a seam tests can observe). */
export function goToDepositPayment(url: string) {
  window.location.assign(url);
}

export function RegistrationForm({
  onRegistered = goToDepositPayment,
}: {
  onRegistered?: (paymentUrl: string) => void;
}) {
  const form = useForm(blank, validate);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.onSubmit(async ({ acceptTerms: _accepted, ...registration }) => {
    setSending(true);
    setFailure(null);
    const payload: RallyRegistration = {
      ...registration,
      leadDriverName: registration.leadDriverName.trim(),
      leadDriverEmail: registration.leadDriverEmail.trim(),
      leadDriverPhone: registration.leadDriverPhone.trim(),
      coDriverName: registration.coDriverName.trim(),
      coDriverEmail: registration.coDriverEmail.trim(),
      coDriverPhone: registration.coDriverPhone.trim(),
      teamName: registration.teamName.trim(),
      vehicleMake: registration.vehicleMake.trim(),
      vehicleColour: registration.vehicleColour.trim(),
      registrationPlate: registration.registrationPlate.trim(),
    };
    const outcome = await postToWebhook(env.registrationWebhookUrl, payload);
    if (outcome === 'ok') {
      onRegistered(env.depositPaymentUrl);
      return;
    }
    setSending(false);
    setFailure(outcome === 'rejected' ? REGISTRATION_REJECTED : REGISTRATION_FAILED);
  });

  const groupClass = 'space-y-5 rounded-2xl border border-slate-200 p-5 sm:p-6';
  const legendClass = 'px-2 text-lg font-bold text-slate-900';
  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label="Rally registration">
      <fieldset className={groupClass}>
        <legend className={legendClass}>Lead driver</legend>
        <TextField
          label="Full name"
          required
          autoComplete="name"
          {...form.field('leadDriverName')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <EmailField label="Email" required {...form.field('leadDriverEmail')} />
          <TextField
            label="Phone"
            type="tel"
            required
            autoComplete="tel"
            {...form.field('leadDriverPhone')}
          />
        </div>
      </fieldset>
      <fieldset className={groupClass}>
        <legend className={legendClass}>Co-driver (optional)</legend>
        <TextField label="Co-driver full name" autoComplete="off" {...form.field('coDriverName')} />
        <div className="grid gap-5 sm:grid-cols-2">
          <EmailField label="Co-driver email" autoComplete="off" {...form.field('coDriverEmail')} />
          <TextField
            label="Co-driver phone"
            type="tel"
            autoComplete="off"
            {...form.field('coDriverPhone')}
          />
        </div>
      </fieldset>
      <fieldset className={groupClass}>
        <legend className={legendClass}>Team and vehicle (optional)</legend>
        <TextField label="Team name" {...form.field('teamName')} />
        <div className="grid gap-5 sm:grid-cols-3">
          <TextField label="Vehicle make" {...form.field('vehicleMake')} />
          <TextField label="Vehicle colour" {...form.field('vehicleColour')} />
          <TextField label="Registration plate" {...form.field('registrationPlate')} />
        </div>
      </fieldset>
      <CheckboxField
        label="We would like separate rooms"
        hint="Separate rooms are available at an extra cost; we will confirm the price with you."
        {...form.checkbox('separateRooms')}
      />
      <CheckboxField
        required
        label={
          <>
            I accept the{' '}
            <Link
              to={paths.terms}
              target="_blank"
              className="font-semibold text-blue-800 underline underline-offset-2"
            >
              terms and conditions<span className="sr-only"> (opens in a new tab)</span>
            </Link>
          </>
        }
        {...form.checkbox('acceptTerms')}
      />
      <FormSubmit sending={sending} sendingLabel="Submitting..." failure={failure} look="primary">
        Register and Pay Deposit
      </FormSubmit>
    </form>
  );
}
