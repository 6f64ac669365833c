// The team's fields, checked the same way on the sign-up form and on the team's own page before
// either asks the database (private.refuse_team_fields checks them again with the same rules and
// names the refused field as these do). Each form adds its own fields' checks to these.
import { registrationLimits as limits } from '../config/forms';
import { phone } from './field-rules';
import { email, fieldProblem, isTooLong, shortenMessage, type FieldErrors } from './validation';

/** The team's fields, as both forms name them. */
export type TeamFields = {
  leadDriverName: string;
  leadDriverEmail: string;
  leadDriverPhone: string;
  coDriverName: string;
  coDriverEmail: string;
  coDriverPhone: string;
  teamName: string;
  vehicleMake: string;
  vehicleColour: string;
  registrationPlate: string;
};

/** The fields only the team's page asks for. */
export type LaterTeamFields = {
  vehicleModel: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
};

/** The problems with the team's fields (and, when given, the page's later fields). */
export function teamFieldErrors(
  values: TeamFields & Partial<LaterTeamFields>,
): FieldErrors<keyof TeamFields | keyof LaterTeamFields> {
  const errors: FieldErrors<keyof TeamFields | keyof LaterTeamFields> = {};
  errors.leadDriverName = fieldProblem(values.leadDriverName, {
    required: "Please enter the lead driver's full name.",
  });
  if (!errors.leadDriverName && isTooLong(values.leadDriverName, limits.name))
    errors.leadDriverName = shortenMessage("the lead driver's name", limits.name);
  errors.leadDriverEmail = fieldProblem(values.leadDriverEmail, {
    required: "Please enter the lead driver's email address.",
    rules: [email],
  });
  errors.leadDriverPhone = fieldProblem(values.leadDriverPhone, {
    required: "Please enter the lead driver's phone number.",
    rules: [phone],
  });
  errors.coDriverEmail = fieldProblem(values.coDriverEmail, { rules: [email] });
  errors.coDriverPhone = fieldProblem(values.coDriverPhone, { rules: [phone] });
  if (isTooLong(values.coDriverName, limits.name))
    errors.coDriverName = shortenMessage("the co-driver's name", limits.name);
  if (isTooLong(values.teamName, limits.teamName))
    errors.teamName = shortenMessage('the team name', limits.teamName);
  if (isTooLong(values.vehicleMake, limits.vehicleMake))
    errors.vehicleMake = shortenMessage('the vehicle make', limits.vehicleMake);
  if (isTooLong(values.vehicleColour, limits.vehicleColour))
    errors.vehicleColour = shortenMessage('the vehicle colour', limits.vehicleColour);
  if (isTooLong(values.registrationPlate, limits.registrationPlate))
    errors.registrationPlate = shortenMessage('the registration plate', limits.registrationPlate);
  if (values.vehicleModel !== undefined && isTooLong(values.vehicleModel, limits.vehicleModel))
    errors.vehicleModel = shortenMessage('the vehicle model', limits.vehicleModel);
  if (
    values.emergencyContactName !== undefined &&
    isTooLong(values.emergencyContactName, limits.emergencyContactName)
  )
    errors.emergencyContactName = shortenMessage(
      "the emergency contact's name",
      limits.emergencyContactName,
    );
  if (values.emergencyContactPhone !== undefined)
    errors.emergencyContactPhone = fieldProblem(values.emergencyContactPhone, { rules: [phone] });
  return errors;
}
