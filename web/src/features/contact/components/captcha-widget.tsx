// The provider's widget (Turnstile or hCaptcha: the same explicit-render API), rendered only when
// the build configures a site key (captcha-config.ts). Its token goes to `onToken`; an expired or
// failed challenge clears it. A token is single-use: the form remounts the widget (its `key`)
// after each attempt to get a fresh one.
import { useEffect, useRef } from 'react';
import type { CaptchaConfig } from '@/features/contact/lib/captcha-providers';

interface CaptchaApi {
  render(container: HTMLElement, options: Record<string, unknown>): string;
  remove?(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: CaptchaApi;
    hcaptcha?: CaptchaApi;
  }
}

let loading: Promise<void> | undefined;

/** Adds the provider's script once per page. */
function loadScript(url: string): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = undefined;
      reject(new Error(`the captcha script did not load: ${url}`));
    };
    document.head.append(script);
  });
  return loading;
}

export function CaptchaWidget({ config, onToken }: { config: CaptchaConfig; onToken: (token: string) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const report = useRef(onToken);
  report.current = onToken;

  useEffect(() => {
    let widgetId: string | undefined;
    let gone = false;
    loadScript(config.scriptUrl)
      .then(() => {
        const api = config.provider === 'turnstile' ? window.turnstile : window.hcaptcha;
        if (gone || !api || !container.current) return;
        widgetId = api.render(container.current, {
          sitekey: config.siteKey,
          language: 'fr',
          callback: (token: string) => report.current(token),
          'expired-callback': () => report.current(''),
          'error-callback': () => report.current(''),
        });
      })
      .catch((error: Error) => console.error(error.message));
    return () => {
      gone = true;
      const api = config.provider === 'turnstile' ? window.turnstile : window.hcaptcha;
      if (widgetId !== undefined) api?.remove?.(widgetId);
    };
  }, [config]);

  return <div ref={container} className="min-h-[65px]" aria-label="Vérification anti-robot" />;
}
