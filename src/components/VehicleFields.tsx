// The car's fields, as the sign-up, the team's "Edit details" and its Documents section ask for
// them: make, model (not on the sign-up), colour and plate, with the sign-up's limits
// (config/forms.ts). A fragment: each form lays them out in its own grid, beside its own fields.
import type { ChangeEvent } from 'react';
import { registrationLimits as limits } from '../config/forms';
import { TextField } from './FormField';

export type VehicleField = 'vehicleMake' | 'vehicleColour' | 'registrationPlate';

type Binding = {
  name: string;
  value: string;
  error?: string;
  onChange: (
    event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
  ) => void;
};

export function VehicleFields({
  field,
  model,
}: {
  /** useForm's field(), for a form whose values hold these names. */
  field: (name: VehicleField) => Binding;
  /** The model's binding (field('vehicleModel')), on the forms that ask for it. */
  model?: Binding;
}) {
  return (
    <>
      <TextField label="Vehicle make" limit={limits.vehicleMake} {...field('vehicleMake')} />
      {model ? <TextField label="Vehicle model" limit={limits.vehicleModel} {...model} /> : null}
      <TextField label="Vehicle colour" limit={limits.vehicleColour} {...field('vehicleColour')} />
      <TextField
        label="Registration plate"
        limit={limits.registrationPlate}
        {...field('registrationPlate')}
      />
    </>
  );
}
