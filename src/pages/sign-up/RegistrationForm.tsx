import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CheckboxField, EmailField, TextField } from '../../components/FormField';
import { VehicleFields } from '../../components/VehicleFields';
import { FormSubmit } from '../../components/FormSubmit';
import { Honeypot } from '../../components/Honeypot';
import { paths } from '../../config/paths';
import { useDb } from '../../data/dbContext';
import { requestDelivery } from '../../data/delivery';
import {
  DEPOSIT_NOT_STARTED,
  PENDING_REFERENCE_KEY,
  startDepositPayment,
  submitRegistration,
  type RegistrationInput,
} from '../../data/registrations';
import { SubmissionError } from '../../data/submissions';
import { useForm } from '../../lib/useForm';
import { registrationLimits as limits } from '../../config/forms';
import type { FieldErrors } from '../../lib/validation';
import { PHONE_HINT } from '../../lib/field-rules';
import { teamFieldErrors } from '../../lib/team-fields';

type RegistrationValues = RegistrationInput;

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
  website: '',
};

export const REGISTRATION_REJECTED =
  'There was an issue submitting your registration. Please try again.';
export const REGISTRATION_FAILED =
  'There was an error submitting your registration. Please try again.';
export const REGISTRATION_FULL =
  'Sorry, the last place has just been taken, so this registration was not made. You can join the waiting list below.';
/** When the database refuses outside the registration window without a sentence of its own. */
export const REGISTRATION_NOT_OPEN =
  'Registration is not open today, so this registration was not made.';
/** On a waiting-list offer's page, when the offer stopped holding the place before the form was sent. */
export const OFFER_NO_LONGER_HELD =
  'Sorry, this place is no longer held for you (the offer has expired or been used), so this registration was not made.';
export const REGISTRATION_RATE_LIMITED =
  'Several registrations were sent from this email address or network in a short time, so this one was not made. Please try again in an hour.';

function validate(values: RegistrationValues): FieldErrors<keyof RegistrationValues> {
  // The team's fields by the rules the team's page uses too; the terms are the sign-up's own.
  const errors: FieldErrors<keyof RegistrationValues> = teamFieldErrors(values);
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
  onFull = () => {},
  prefilled,
  waitingListOffer,
}: {
  onRegistered?: (paymentUrl: string) => void;
  /** The database said the rally is full: the page shows its full state. */
  onFull?: () => void;
  /** Values to start from (a waiting-list offer's name, email and phone). */
  prefilled?: Partial<RegistrationValues>;
  /** The secret of the waiting-list offer this registration takes the place of. */
  waitingListOffer?: string;
}) {
  const db = useDb();
  const form = useForm({ ...blank, ...prefilled }, validate);

  // The stored registration whose payment did not start, so that sending again only pays.
  const [stored, setStored] = useState<string | null>(null);
  // The deposit's Checkout Session, for the amount the database computes (the checkout function).
  const pay = async (reference: string) => {
    let paymentUrl: string;
    try {
      paymentUrl = await startDepositPayment(reference);
    } catch (error) {
      console.warn('Could not start the deposit payment', error);
      return form.fail(DEPOSIT_NOT_STARTED);
    }
    onRegistered(paymentUrl);
  };

  // Stored first (the reference comes back), then the webhook copy and the confirmation email
  // are asked for; whatever happens to them, the visitor goes on to pay.
  const submit = form.onSubmit(async (values) => {
    // Stored already, and only its payment failed to start: send again starts the payment only.
    if (stored) return pay(stored);
    let reference: string;
    try {
      reference = await submitRegistration(values, db, waitingListOffer);
    } catch (error) {
      console.warn('Could not store the registration', error);
      if (form.refuse(error)) return;
      if (!(error instanceof SubmissionError)) return form.fail(REGISTRATION_FAILED);
      if (error.reason === 'full') {
        form.fail(waitingListOffer ? OFFER_NO_LONGER_HELD : REGISTRATION_FULL);
        return onFull();
      }
      // The server's calendar decides (the page's clock may be wrong): its sentence, above the
      // form, which keeps everything typed; no deposit step.
      if (error.reason === 'not-open')
        return form.fail(error.visitorMessage ?? REGISTRATION_NOT_OPEN);
      if (error.reason === 'rate-limited') return form.fail(REGISTRATION_RATE_LIMITED);
      // The spec's two messages: an answer that was not ok, or no answer at all.
      return form.fail(error.status === 0 ? REGISTRATION_FAILED : REGISTRATION_REJECTED);
    }
    try {
      sessionStorage.setItem(PENDING_REFERENCE_KEY, reference);
    } catch {
      // Storage may be off; the payment page's redirect carries the reference anyway.
    }
    setStored(reference);
    await requestDelivery('registration', reference);
    await pay(reference);
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
          limit={limits.name}
          {...form.field('leadDriverName')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <EmailField label="Email" required {...form.field('leadDriverEmail')} />
          <TextField
            label="Phone"
            type="tel"
            required
            autoComplete="tel"
            hint={PHONE_HINT}
            {...form.field('leadDriverPhone')}
          />
        </div>
      </fieldset>
      <fieldset className={groupClass}>
        <legend className={legendClass}>Co-driver (optional)</legend>
        <TextField
          label="Co-driver full name"
          autoComplete="off"
          limit={limits.name}
          {...form.field('coDriverName')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <EmailField label="Co-driver email" autoComplete="off" {...form.field('coDriverEmail')} />
          <TextField
            label="Co-driver phone"
            type="tel"
            autoComplete="off"
            hint={PHONE_HINT}
            {...form.field('coDriverPhone')}
          />
        </div>
      </fieldset>
      <fieldset className={groupClass}>
        <legend className={legendClass}>Team and vehicle (optional)</legend>
        <TextField label="Team name" limit={limits.teamName} {...form.field('teamName')} />
        <div className="grid gap-5 sm:grid-cols-3">
          <VehicleFields field={form.field} />
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
      <Honeypot {...form.field('website')} />
      <FormSubmit
        sending={form.sending}
        sendingLabel="Submitting..."
        failure={form.failure}
        look="primary"
      >
        Register and Pay Deposit
      </FormSubmit>
    </form>
  );
}
