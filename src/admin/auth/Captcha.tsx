// The captcha widget the admin's auth pages show when the site is built with a captcha site key
// (src/config/captcha.ts), handing its token to the page for supabase-js's `captchaToken`. The
// provider's script is loaded on first use only, so without a site key nothing is fetched.
import { useEffect, useRef } from 'react';
import { CAPTCHA_PROVIDERS, captchaSettings, type CaptchaSettings } from '../../config/captcha';

/** The captcha this build asks for, or null. */
export const captcha: CaptchaSettings | null = captchaSettings(import.meta.env);

interface WidgetApi {
  render(
    element: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): string;
  reset(widgetId?: string): void;
}

const loading = new Map<string, Promise<WidgetApi>>();

function widgetApi(settings: CaptchaSettings): Promise<WidgetApi> {
  const spec = CAPTCHA_PROVIDERS[settings.provider];
  const known = loading.get(spec.script);
  if (known) return known;
  const loaded = new Promise<WidgetApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = spec.script;
    script.async = true;
    script.onload = () => {
      const api = (window as unknown as Record<string, WidgetApi | undefined>)[spec.global];
      if (api) resolve(api);
      else reject(new Error(`${spec.global} did not load`));
    };
    script.onerror = () => reject(new Error(`${spec.script} could not be loaded`));
    document.head.append(script);
  });
  loading.set(spec.script, loaded);
  return loaded;
}

/**
 * Renders the widget and reports its token (null until solved, or once it expires). A token
 * works once: change `round` after each submission to get a fresh challenge.
 */
export function CaptchaWidget({
  settings,
  round,
  onToken,
}: {
  settings: CaptchaSettings;
  round: number;
  onToken: (token: string | null) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: WidgetApi; id: string } | null>(null);
  const report = useRef(onToken);
  useEffect(() => {
    report.current = onToken;
  }, [onToken]);

  useEffect(() => {
    let cancelled = false;
    widgetApi(settings).then(
      (api) => {
        if (cancelled || !box.current || widget.current) return;
        const id = api.render(box.current, {
          sitekey: settings.siteKey,
          callback: (token) => report.current(token),
          'expired-callback': () => report.current(null),
          'error-callback': () => report.current(null),
        });
        widget.current = { api, id };
      },
      () => report.current(null),
    );
    return () => {
      cancelled = true;
    };
  }, [settings]);

  useEffect(() => {
    if (round === 0 || !widget.current) return;
    report.current(null);
    widget.current.api.reset(widget.current.id);
  }, [round]);

  return <div ref={box} className="min-h-16" />;
}
