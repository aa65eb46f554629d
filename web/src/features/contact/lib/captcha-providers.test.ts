import { describe, expect, it } from 'vitest';
import { captchaConfigOf } from '@/features/contact/lib/captcha-providers';

describe('captchaConfigOf', () => {
  it('is off without a site key, whatever the provider', () => {
    expect(captchaConfigOf(undefined, undefined)).toBeUndefined();
    expect(captchaConfigOf('hcaptcha', '')).toBeUndefined();
    expect(captchaConfigOf('turnstile', '   ')).toBeUndefined();
  });

  it("defaults to Turnstile and names each provider's explicit-render script", () => {
    expect(captchaConfigOf(undefined, '0x4AAAA')).toEqual({
      provider: 'turnstile',
      siteKey: '0x4AAAA',
      scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    });
    expect(captchaConfigOf('hcaptcha', ' 10000000-ffff ')).toEqual({
      provider: 'hcaptcha',
      siteKey: '10000000-ffff',
      scriptUrl: 'https://js.hcaptcha.com/1/api.js?render=explicit&hl=fr',
    });
  });

  it('refuses an unknown provider', () => {
    expect(() => captchaConfigOf('recaptcha', 'key')).toThrow(/turnstile or hcaptcha/);
  });
});
