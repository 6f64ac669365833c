// One edition's form, new or existing: one Save for all its facts, on the one form core (the
// checks beside each field first, then the database's refusal beside the field it names). It
// asks before losing what was typed: Cancel, an in-app link, Back, and closing the tab.
import { useState } from 'react';
import { CheckboxField, FormMessage, TextField } from '../../components/FormField';
import type { DbClient } from '../../data/client';
import { saveEdition } from '../../data/editions';
import type { Edition } from '../../data/types';
import { useForm } from '../../lib/useForm';
import { useUnsavedChanges } from '../crud/useUnsavedChanges';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { buttonClass, PendingButton } from '../ui/PendingButton';
import { useToast } from '../ui/Toast';
import { editionInput, validateEdition, type EditionFormValues } from './edition-form';

type Props = {
  db: DbClient;
  /** The edition changed, or null for a new one. */
  edition: Edition | null;
  initial: EditionFormValues;
  onSaved: (edition: Edition) => void;
  onClose: () => void;
};

const same = (a: EditionFormValues, b: EditionFormValues) =>
  (Object.keys(a) as (keyof EditionFormValues)[]).every((key) => a[key] === b[key]);

export function EditionForm({ db, edition, initial, onSaved, onClose }: Props) {
  const form = useForm(initial, validateEdition);
  const toast = useToast();
  const [saved, setSaved] = useState(initial);
  const dirty = !same(form.values, saved);
  const navigation = useUnsavedChanges(dirty);
  const [closing, setClosing] = useState(false);

  const save = form.onSubmit(async (values) => {
    try {
      const row = await saveEdition(db, edition?.id ?? null, editionInput(values));
      setSaved(values);
      toast.show(`Saved the ${row.name}.`);
      onSaved(row);
    } catch (error) {
      if (form.refuse(error)) return;
      console.warn('Could not save the edition', error);
      form.fail(
        error instanceof Error && 'refusal' in error
          ? error.message
          : 'Could not save the edition. Please try again.',
      );
    }
  });

  const heading = edition ? `Edit the ${edition.name}` : 'New edition';
  const date = { type: 'date' } as const;
  const money = { inputMode: 'decimal', hint: 'In pounds, such as 250 or 250.50.' } as const;
  return (
    <section
      aria-labelledby="edition-form-heading"
      className="mb-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="edition-form-heading" className="text-xl font-semibold text-slate-900">
        {heading}
      </h2>
      <form onSubmit={save} noValidate aria-label={heading} className="mt-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Name" required limit={200} {...form.field('name')} />
          <TextField label="Year" required inputMode="numeric" {...form.field('year')} />
          <TextField label="Start date" required {...date} {...form.field('start_date')} />
          <TextField label="End date" required {...date} {...form.field('end_date')} />
          <TextField label="Start place" limit={200} {...form.field('start_place')} />
          <TextField label="Finish place" limit={200} {...form.field('finish_place')} />
          <TextField
            label="Registration opens"
            required
            {...date}
            {...form.field('registration_opens')}
          />
          <TextField
            label="Registration closes"
            required
            {...date}
            {...form.field('registration_closes')}
          />
          <TextField
            label="Price per car (£)"
            required
            {...money}
            {...form.field('price_per_car')}
          />
          <TextField label="Deposit (£)" required {...money} {...form.field('deposit')} />
          <TextField
            label="Separate rooms supplement (£)"
            {...money}
            hint="In pounds; leave blank until it is set."
            {...form.field('separate_rooms_supplement')}
          />
          <TextField
            label="Capacity (cars)"
            required
            inputMode="numeric"
            {...form.field('capacity')}
          />
          <TextField label="Balance due" {...date} {...form.field('balance_due')} />
          <TextField
            label="Waiting-list offer (hours)"
            required
            inputMode="numeric"
            hint="How long a freed place offered to the waiting list stands: 1 to 336."
            {...form.field('waiting_list_offer_hours')}
          />
        </div>
        <div className="mt-4">
          <CheckboxField
            label="Published: the public site may show this edition (a draft stays hidden)"
            {...form.checkbox('published')}
          />
        </div>
        {form.failure ? <FormMessage tone="error">{form.failure}</FormMessage> : null}
        <div className="mt-6 flex flex-wrap gap-3">
          <PendingButton type="submit" pending={form.sending} pendingLabel="Saving...">
            Save
          </PendingButton>
          <button
            type="button"
            className={buttonClass('neutral')}
            onClick={() => (dirty ? setClosing(true) : onClose())}
          >
            Cancel
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={closing || navigation.held !== null}
        title="Discard unsaved changes?"
        message="Your changes to this edition have not been saved. If you leave now they will be lost."
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        onConfirm={() => {
          if (closing) {
            setClosing(false);
            onClose();
          } else navigation.proceed();
        }}
        onCancel={() => {
          setClosing(false);
          navigation.reset();
        }}
      />
    </section>
  );
}
