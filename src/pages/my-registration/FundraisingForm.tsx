// "Your fundraising page" on the team's page: the team's JustGiving or Enthuse address, its
// target in pounds, and the consent "Show our team on the public teams list". The address is
// checked here by the database's own rule (isFundraisingUrl) and again by the database, whose
// refusal is shown beside its field. Saved any time until the registration is cancelled.
import { useState } from 'react';
import { CheckboxField, FormMessage, TextField } from '../../components/FormField';
import { FormSubmit } from '../../components/FormSubmit';
import { useDb } from '../../data/dbContext';
import {
  getTeamFundraising,
  isFundraisingUrl,
  updateTeamFundraising,
  type TeamFundraising,
} from '../../data/fundraising';
import { useForm } from '../../lib/useForm';
import { useLoad } from '../../lib/useLoad';
import type { FieldErrors } from '../../lib/validation';

export const FUNDRAISING_SAVE_FAILED =
  'Your fundraising page could not be saved. Please try again.';
export const FUNDRAISING_URL_PROBLEM =
  'Please enter the https:// address of your page on JustGiving (justgiving.com) or Enthuse (enthuse.com).';
export const FUNDRAISING_TARGET_PROBLEM = 'Please enter a target between £0 and £1,000,000.';

type Values = { fundraisingUrl: string; fundraisingTarget: string; showOnTeamsList: boolean };

/** Pounds as typed ('2,500' or '2500.50') → pence; null for blank; NaN when not an amount. */
export function targetPence(typed: string): number | null {
  const plain = typed.trim().replace(/^£/, '').replace(/,/g, '');
  if (plain === '') return null;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(plain)) return Number.NaN;
  const [pounds = '0', pence = ''] = plain.split('.');
  return Number(pounds) * 100 + Number(pence.padEnd(2, '0'));
}

function problems(values: Values): FieldErrors<keyof Values> {
  const errors: FieldErrors<keyof Values> = {};
  const url = values.fundraisingUrl.trim();
  if (url !== '' && !isFundraisingUrl(url)) errors.fundraisingUrl = FUNDRAISING_URL_PROBLEM;
  const target = targetPence(values.fundraisingTarget);
  if (target !== null && (Number.isNaN(target) || target > 100_000_000))
    errors.fundraisingTarget = FUNDRAISING_TARGET_PROBLEM;
  return errors;
}

function valuesOf(saved: TeamFundraising): Values {
  const target = saved.fundraising_target_pence;
  return {
    fundraisingUrl: saved.fundraising_url,
    fundraisingTarget: target === null ? '' : (target / 100).toFixed(target % 100 === 0 ? 0 : 2),
    showOnTeamsList: saved.show_on_teams_list,
  };
}

function Form({ secret, initial }: { secret: string; initial: TeamFundraising }) {
  const db = useDb();
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<Values>(valuesOf(initial), problems);
  const submit = form.onSubmit(async (values) => {
    setNotice(null);
    try {
      await updateTeamFundraising(
        secret,
        {
          url: values.fundraisingUrl,
          targetPence: targetPence(values.fundraisingTarget),
          showOnTeamsList: values.showOnTeamsList,
        },
        db,
      );
    } catch (error) {
      console.warn('Could not save the fundraising page', error);
      if (form.refuse(error)) return;
      return form.fail(FUNDRAISING_SAVE_FAILED);
    }
    setNotice('Your fundraising page has been saved.');
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Your fundraising page">
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <TextField
        label="JustGiving or Enthuse page"
        type="url"
        inputMode="url"
        placeholder="https://www.justgiving.com/page/your-team"
        hint="The address of your team's page on JustGiving or Enthuse."
        {...form.field('fundraisingUrl')}
      />
      <TextField
        label="Target (£)"
        inputMode="decimal"
        hint="How much your team hopes to raise. Leave blank for no target."
        {...form.field('fundraisingTarget')}
      />
      <CheckboxField
        label="Show our team on the public teams list"
        hint="The list shows your team's name, car, fundraising page and target: nothing about the drivers."
        {...form.checkbox('showOnTeamsList')}
      />
      <FormSubmit
        sending={form.sending}
        sendingLabel="Saving..."
        failure={form.failure}
        look="primary"
      >
        Save fundraising page
      </FormSubmit>
    </form>
  );
}

export function FundraisingSection({ secret }: { secret: string }) {
  const db = useDb();
  const { data, loading } = useLoad<TeamFundraising | null>(
    `team-fundraising:${secret}`,
    () => getTeamFundraising(secret, db),
    { empty: null },
  );
  return (
    <section aria-labelledby="fundraising-heading" className="space-y-4">
      <h2 id="fundraising-heading" className="text-2xl font-bold text-ink">
        Your fundraising page
      </h2>
      {loading ? (
        <p className="text-ink-muted">Loading...</p>
      ) : data?.editable ? (
        <Form secret={secret} initial={data} />
      ) : (
        <p className="text-ink-muted">Your fundraising page cannot be changed now.</p>
      )}
    </section>
  );
}
