// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CaptchaWidget } from '@/features/contact/components/captcha-widget';
import { captchaConfigOf } from '@/features/contact/lib/captcha-providers';

const config = captchaConfigOf('turnstile', 'site-key-test')!;

/** The provider's script as the page adds it; its load is played by hand (jsdom fetches nothing). */
const providerScripts = () => [...document.head.querySelectorAll('script')].filter((s) => s.src === config.scriptUrl);

afterEach(() => {
  delete window.turnstile;
  document.head.innerHTML = '';
});

describe('CaptchaWidget', () => {
  it('loads the provider script once, renders the widget with the site key, and reports its tokens', async () => {
    const remove = vi.fn();
    let options: Record<string, unknown> = {};
    window.turnstile = {
      render: (_container, given) => {
        options = given;
        return 'widget-1';
      },
      remove,
    };
    const onToken = vi.fn();
    const { unmount } = render(<CaptchaWidget config={config} onToken={onToken} />);
    expect(providerScripts()).toHaveLength(1);
    await act(async () => {
      providerScripts()[0]!.dispatchEvent(new Event('load'));
    });
    expect(options).toMatchObject({ sitekey: 'site-key-test', language: 'fr' });

    (options.callback as (token: string) => void)('token-1');
    expect(onToken).toHaveBeenLastCalledWith('token-1');
    (options['expired-callback'] as () => void)();
    expect(onToken).toHaveBeenLastCalledWith('');

    unmount();
    expect(remove).toHaveBeenCalledWith('widget-1');
  });
});
