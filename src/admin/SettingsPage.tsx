// The settings screen: every fixed key, grouped (the organisation, fundraising and the pages; an
// edition's facts are rows of public.editions, not settings), each with its label, help text and
// an input for its type.
// Each group folds (a <details>), closed on a phone unless named in the address or refused.
// A value is checked here by the same rules as the database's trigger; what the database still
// refuses is shown under the field it belongs to.
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { EmptyState } from '../components/EmptyState';
import { FormMessage, TextAreaField, TextField } from '../components/FormField';
import { Spinner } from '../components/Spinner';
import type { SiteSetting } from '../data/types';
import { listSettings, updateSetting } from '../data/settings';
import { PendingButton } from './ui/PendingButton';
import { MediaField } from './media/MediaField';
import { useForm } from '../lib/useForm';
import { useLoad } from '../lib/useLoad';
import { isSettingType, settingValueError, type SettingType } from '../lib/settingValue';
import { supabase } from './supabase';
import { AdminTitle } from './AdminTitle';
import { BackToDashboard } from './BackToDashboard';
import { useToast } from './ui/Toast';

/** 'contact_email' → 'Contact Email' */
export function settingTitle(key: string): string {
  return key
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The groups in the screen's order (the database's group_name values). */
const GROUPS = [
  { name: 'organisation', title: 'Organisation' },
  { name: 'fundraising', title: 'Fundraising' },
  { name: 'pages', title: 'Pages' },
] as const;

type Message = { tone: 'error' | 'success'; text: string };

const NO_SETTINGS: SiteSetting[] = [];
const loadSettings = () => listSettings(supabase);

const typeOf = (setting: SiteSetting): SettingType =>
  isSettingType(setting.type) ? setting.type : 'text';

/** The input for each type: the browser's own date picker, URL and email keyboards. */
const INPUT: Record<SettingType, { type: string; inputMode?: 'numeric' }> = {
  text: { type: 'text' },
  longtext: { type: 'text' },
  integer: { type: 'text', inputMode: 'numeric' },
  date: { type: 'date' },
  url: { type: 'url' },
  email: { type: 'email' },
  phone: { type: 'tel' },
  image: { type: 'url' },
};

export function SettingsPage() {
  const {
    data: settings,
    loading,
    failed,
    reload,
  } = useLoad('settings', loadSettings, { empty: NO_SETTINGS });
  const [message, setMessage] = useState<Message | null>(null);
  const toast = useToast();
  // On a phone the groups fold (the screen was about 9,100 px long at 390 px): a group opens
  // when tapped, when the address names it (/admin/settings#settings-fundraising) or when it
  // holds a refused value. From 768 px they stand open.
  const [wide] = useState(() => window.matchMedia?.('(min-width: 768px)').matches ?? true);
  const { hash } = useLocation();
  const [failedGroups, setFailedGroups] = useState<string[]>([]);
  const shown: Message | null =
    message ?? (failed ? { tone: 'error', text: 'Failed to load settings' } : null);
  const groups = GROUPS.map((group) => ({
    ...group,
    settings: settings
      .filter((setting) => setting.group_name === group.name)
      .sort((a, b) => a.sort_order - b.sort_order || a.key.localeCompare(b.key)),
  })).filter((group) => group.settings.length > 0);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <AdminTitle>Site Settings</AdminTitle>
      <BackToDashboard />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Site Settings</h1>
      <div className="mt-4" aria-live="polite">
        {shown ? <FormMessage tone={shown.tone}>{shown.text}</FormMessage> : null}
      </div>
      {loading ? (
        <Spinner label="Loading settings..." />
      ) : settings.length === 0 ? (
        <EmptyState title="No settings found" />
      ) : (
        groups.map((group) => (
          <details
            key={group.name}
            id={`settings-${group.name}`}
            data-settings-group
            open={wide || hash === `#settings-${group.name}` || failedGroups.includes(group.name)}
            className="mt-6 border-b border-slate-200 pb-2"
          >
            <summary className="flex min-h-11 cursor-pointer items-center">
              <h2 className="text-xl font-bold text-slate-900">{group.title}</h2>
            </summary>
            <ul className="mt-4 space-y-4">
              {group.settings.map((setting) => (
                <li key={setting.key}>
                  <SettingEditor
                    setting={setting}
                    onSaved={() => {
                      setMessage(null);
                      toast.show('Setting updated successfully!');
                      reload();
                    }}
                    onFailed={() => {
                      setMessage({ tone: 'error', text: 'Failed to update setting' });
                      setFailedGroups((names) =>
                        names.includes(group.name) ? names : [...names, group.name],
                      );
                    }}
                  />
                </li>
              ))}
            </ul>
          </details>
        ))
      )}
    </div>
  );
}

function SettingEditor({
  setting,
  onSaved,
  onFailed,
}: {
  setting: SiteSetting;
  onSaved: () => void;
  onFailed: () => void;
}) {
  const title = setting.label || settingTitle(setting.key);
  const type = typeOf(setting);
  const form = useForm(
    { value: setting.value },
    ({ value }) => ({
      value:
        settingValueError(type, value, { label: title, required: setting.required }) ?? undefined,
    }),
    onFailed,
  );
  const { value } = form.values;

  // The form checks first; a value it passed that the database's trigger still refuses is shown
  // under the field, keeping what was typed.
  const save = form.onSubmit(async (values) => {
    try {
      await updateSetting(supabase, setting.key, values.value.trim());
      onSaved();
    } catch (failure) {
      console.warn('Could not update setting', setting.key, failure);
      form.refuse(failure);
      onFailed();
    }
  });

  const field = { label: `Value of ${title}`, required: setting.required, ...form.field('value') };
  return (
    <form
      onSubmit={save}
      noValidate
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-label={title}
    >
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      <p className="font-mono text-xs text-slate-500">{setting.key}</p>
      {setting.description ? (
        <p className="mt-1 text-sm text-slate-600">{setting.description}</p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          {type === 'longtext' ? (
            <TextAreaField {...field} rows={3} />
          ) : type === 'image' ? (
            <MediaField
              label={field.label}
              accept="image"
              value={value}
              error={field.error}
              placeholder="Empty: the plain dark hero"
              onChange={(next) => form.set('value', next)}
            />
          ) : (
            <TextField {...field} {...INPUT[type]} />
          )}
        </div>
        <PendingButton
          type="submit"
          pending={form.sending}
          pendingLabel="Saving..."
          disabled={value === setting.value}
        >
          Save
        </PendingButton>
      </div>
    </form>
  );
}
