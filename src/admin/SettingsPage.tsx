import { useState, type FormEvent } from 'react';
import { EmptyState } from '../components/EmptyState';
import { FormMessage, TextField } from '../components/FormField';
import { Spinner } from '../components/Spinner';
import type { SiteSetting } from '../data/types';
import { listSettings, updateSetting } from '../data/settings';
import { PendingButton } from './ui/PendingButton';
import { useLoad } from '../lib/useLoad';
import { supabase } from './supabase';
import { AdminTitle } from './AdminTitle';
import { BackToDashboard } from './BackToDashboard';
import { useToast } from './crud/Toast';

/** 'rally_capacity' → 'Rally Capacity' */
export function settingTitle(key: string): string {
  return key
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

type Message = { tone: 'error' | 'success'; text: string };

const NO_SETTINGS: SiteSetting[] = [];
const loadSettings = () => listSettings(supabase);

export function SettingsPage() {
  const {
    data: settings,
    loading,
    failed,
    reload,
  } = useLoad('settings', loadSettings, { empty: NO_SETTINGS });
  const [message, setMessage] = useState<Message | null>(null);
  const toast = useToast();
  const shown: Message | null =
    message ?? (failed ? { tone: 'error', text: 'Failed to load settings' } : null);

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
        <ul className="mt-6 space-y-4">
          {settings.map((setting) => (
            <li key={setting.key}>
              <SettingEditor
                setting={setting}
                onSaved={() => {
                  setMessage(null);
                  toast.show('Setting updated successfully!');
                  reload();
                }}
                onFailed={() => setMessage({ tone: 'error', text: 'Failed to update setting' })}
              />
            </li>
          ))}
        </ul>
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
  const [value, setValue] = useState(setting.value);
  const [saving, setSaving] = useState(false);
  const title = settingTitle(setting.key);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      await updateSetting(supabase, setting.key, value);
      onSaved();
    } catch (error) {
      console.warn('Could not update setting', setting.key, error);
      onFailed();
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      onSubmit={save}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-label={title}
    >
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {setting.description ? (
        <p className="mt-1 text-sm text-slate-600">{setting.description}</p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <TextField
            label={`Value of ${title}`}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        </div>
        <PendingButton
          type="submit"
          pending={saving}
          pendingLabel="Saving..."
          disabled={value === setting.value}
        >
          Save
        </PendingButton>
      </div>
    </form>
  );
}
