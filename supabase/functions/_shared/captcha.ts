// The captcha provider's server-side check: Cloudflare Turnstile's and hCaptcha's `siteverify`
// take the same form POST (`secret`, `response`, optionally `remoteip`) and answer
// `{ success, "error-codes" }`. CAPTCHA_PROVIDER (`turnstile`, the default, or `hcaptcha`) picks
// the URL; CAPTCHA_VERIFY_URL replaces it (the stack's captcha sandbox, never the real one).
import { HttpError } from './errors.ts';

const providerUrls: Record<string, string> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
};

/** A check that takes longer is abandoned: the person is told to try again. */
const timeoutMs = 10_000;

export interface CaptchaConfig {
  verifyUrl: string;
  secret: string;
}

/** The provider's URL and the secret key; a function without CAPTCHA_SECRET cannot check anything. */
export function captchaFromEnv(): CaptchaConfig {
  const provider = (Deno.env.get('CAPTCHA_PROVIDER') ?? 'turnstile').toLowerCase();
  const verifyUrl = Deno.env.get('CAPTCHA_VERIFY_URL') || providerUrls[provider];
  const secret = Deno.env.get('CAPTCHA_SECRET') ?? '';
  if (!verifyUrl) throw new Error(`CAPTCHA_PROVIDER must be turnstile or hcaptcha, not ${provider}.`);
  if (!secret) throw unavailable('CAPTCHA_SECRET is not set');
  return { verifyUrl, secret };
}

function unavailable(cause: unknown): HttpError {
  return new HttpError(502, 'captcha_unavailable', 'Vérification anti-robot indisponible', {
    cause,
    detail: 'Le service de vérification ne répond pas pour le moment. Veuillez réessayer dans quelques minutes.',
  });
}

/** True when the provider accepts `token`; a provider that fails or answers nonsense is a 502. */
export async function captchaAccepts(config: CaptchaConfig, token: string, remoteIp?: string): Promise<boolean> {
  const form = new URLSearchParams({ secret: config.secret, response: token });
  if (remoteIp) form.set('remoteip', remoteIp);
  let response: Response;
  try {
    response = await fetch(config.verifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(timeoutMs) });
  } catch (cause) {
    throw unavailable(cause);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw unavailable(`siteverify answered HTTP ${response.status}`);
  }
  let answer: { success?: unknown; 'error-codes'?: unknown };
  try {
    answer = await response.json();
  } catch (cause) {
    throw unavailable(cause);
  }
  if (typeof answer.success !== 'boolean') throw unavailable('siteverify answered without `success`');
  const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'] : [];
  // A wrong secret is the operator's mistake, not the person's: they cannot fix it by trying again.
  if (!answer.success && codes.some((code) => code === 'invalid-input-secret' || code === 'missing-input-secret')) {
    throw unavailable(`siteverify refused the secret: ${codes.join(', ')}`);
  }
  if (!answer.success) console.warn(`captcha refused: ${codes.join(', ')}`);
  return answer.success;
}
