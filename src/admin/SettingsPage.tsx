import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { EmptyState } from '../components/EmptyState';
import { FormMessage, TextField } from '../components/FormField';
import { Spinner } from '../components/Spinner';
import type { SiteSetting } from '../data/database.types';
import { listSettings, updateSetting } from '../data/settings';
import { PendingButton } from './crud/PendingButton';
import { supabase } from './supabase';
import { AdminTitle } from './AdminTitle';

/** 'rally_spots_remaining' → 'Rally Spots Remaining' */
export function settingTitle(key: string): string {
  return key
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

type Message = { tone: 'error' | 'success'; text: string };

export function SettingsPage() {
  const [settings, setSettings] = useState<SiteSetting[]>([]);
  const [loading, setLoading] = useState(true);
  const [message, setMessage] = useState<Message | null>(null);

  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    listSettings(supabase).then(
      (loaded) => {
        if (!current) return;
        setSettings(loaded);
        setLoading(false);
      },
      (error: unknown) => {
        console.warn('Could not load settings', error);
        if (!current) return;
        setMessage({ tone: 'error', text: 'Failed to load settings' });
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [version]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <AdminTitle>Site Settings</AdminTitle>
      <Link
        to="/admin/dashboard"
        className="inline-flex items-center gap-2 text-sm font-medium text-blue-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to Dashboard
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Site Settings</h1>
      <div className="mt-4" aria-live="polite">
        {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
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
                  setMessage({ tone: 'success', text: 'Setting updated successfully!' });
                  setVersion((current) => current + 1);
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
