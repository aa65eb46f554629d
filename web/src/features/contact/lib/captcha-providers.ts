// The contact form's optional captcha (docs/abuse-limits.md): on only when the build names a provider's
// site key, so the default build loads no third-party script and makes no request to a provider.
// Pure, without import.meta.env: the build's hosting configuration (web/hosting) reads it too, to
// let the provider's origins through the Content-Security-Policy.
export type CaptchaProvider = 'turnstile' | 'hcaptcha';

export interface CaptchaConfig {
  provider: CaptchaProvider;
  siteKey: string;
  /** The provider's script, rendered explicitly into the form's container, in French. */
  scriptUrl: string;
}

const scriptUrls: Record<CaptchaProvider, string> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  hcaptcha: 'https://js.hcaptcha.com/1/api.js?render=explicit&hl=fr',
};

/** undefined without a site key; a provider other than the two known ones is a build mistake. */
export function captchaConfigOf(provider: unknown, siteKey: unknown): CaptchaConfig | undefined {
  if (typeof siteKey !== 'string' || siteKey.trim() === '') return undefined;
  const name = typeof provider === 'string' && provider !== '' ? provider : 'turnstile';
  if (name !== 'turnstile' && name !== 'hcaptcha') throw new Error(`VITE_CAPTCHA_PROVIDER must be turnstile or hcaptcha, not ${name}`);
  return { provider: name, siteKey: siteKey.trim(), scriptUrl: scriptUrls[name] };
}
