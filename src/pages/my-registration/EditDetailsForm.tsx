// "Edit details" on the team's page: both drivers, the team's name, the vehicle, the rooms and an
// emergency contact, until the edition's cut-off. The same form core and the same field rules as
// the sign-up form (lib/team-fields.ts); the database checks them again and a field it refuses is
// shown beside that field, with everything typed kept.
import { CheckboxField, EmailField, TextField } from '../../components/FormField';
import { VehicleFields } from '../../components/VehicleFields';
import { FormSubmit } from '../../components/FormSubmit';
import { registrationLimits as limits } from '../../config/forms';
import { useDb } from '../../data/dbContext';
import { SubmissionError } from '../../data/submissions';
import { updateTeamDetails, type TeamDetails, type TeamPage } from '../../data/teamPage';
import { PHONE_HINT } from '../../lib/field-rules';
import { formatMoney, type Pence } from '../../../supabase/functions/_shared/formats/money';
import { teamFieldErrors } from '../../lib/team-fields';
import { useForm } from '../../lib/useForm';

export const DETAILS_SAVE_FAILED = 'Your changes could not be saved. Please try again.';

/** What separate rooms cost, said before saving (null: the organisers have not set it). */
function roomsHint(supplement: Pence | null, price: Pence, chosen: boolean): string {
  if (supplement === null)
    return 'Separate rooms cost extra; the organisers will confirm the price with you.';
  if (supplement === 0) return 'Separate rooms cost nothing extra.';
  return chosen
    ? `Separate rooms add ${formatMoney(supplement)}: your price becomes ${formatMoney(price + supplement)}.`
    : `Separate rooms would add ${formatMoney(supplement)} to your price of ${formatMoney(price)}.`;
}

export function EditDetailsForm({
  secret,
  initial,
  supplement,
  price,
  onSaved,
  onCancel,
}: {
  secret: string;
  initial: TeamDetails;
  /** The edition's separate-rooms supplement, pence; null when not set. */
  supplement: Pence | null;
  /** The edition's price per car, pence. */
  price: Pence;
  onSaved: (team: TeamPage | null) => void;
  onCancel: () => void;
}) {
  const db = useDb();
  const form = useForm<TeamDetails>(initial, teamFieldErrors);

  const submit = form.onSubmit(async (values) => {
    let saved: TeamPage | null;
    try {
      saved = await updateTeamDetails(secret, values, db);
    } catch (error) {
      console.warn('Could not save the team details', error);
      if (form.refuse(error)) return;
      // After the cut-off (or once cancelled) the database says why in its own sentence.
      if (error instanceof SubmissionError && error.status === 409)
        return form.fail(refusalSentence(error) ?? DETAILS_SAVE_FAILED);
      return form.fail(DETAILS_SAVE_FAILED);
    }
    onSaved(saved);
  });

  const groupClass = 'space-y-5 rounded-2xl border border-slate-200 p-5 sm:p-6';
  const legendClass = 'px-2 text-lg font-bold text-slate-900';
  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label="Edit details">
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
        <legend className={legendClass}>Co-driver</legend>
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
        <legend className={legendClass}>Team and vehicle</legend>
        <TextField label="Team name" limit={limits.teamName} {...form.field('teamName')} />
        <div className="grid gap-5 sm:grid-cols-2">
          <VehicleFields field={form.field} model={form.field('vehicleModel')} />
        </div>
        <CheckboxField
          label="We would like separate rooms"
          hint={roomsHint(supplement, price, form.values.separateRooms)}
          {...form.checkbox('separateRooms')}
        />
      </fieldset>
      <fieldset className={groupClass}>
        <legend className={legendClass}>Emergency contact</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Emergency contact name"
            autoComplete="off"
            limit={limits.emergencyContactName}
            {...form.field('emergencyContactName')}
          />
          <TextField
            label="Emergency contact phone"
            type="tel"
            autoComplete="off"
            hint={PHONE_HINT}
            {...form.field('emergencyContactPhone')}
          />
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-4">
        <FormSubmit
          sending={form.sending}
          sendingLabel="Saving..."
          failure={form.failure}
          look="primary"
        >
          Save details
        </FormSubmit>
        <button type="button" onClick={onCancel} className="font-semibold text-blue-800 underline">
          Discard changes
        </button>
      </div>
    </form>
  );
}

/** The database's sentence of a refusal that names no field (its PostgREST error's message). */
export function refusalSentence(error: SubmissionError): string | null {
  const cause: unknown = error.cause;
  if (typeof cause !== 'object' || cause === null || !('message' in cause)) return null;
  const { message } = cause as { message: unknown };
  return typeof message === 'string' && message ? message : null;
}
