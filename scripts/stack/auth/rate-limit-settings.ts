// The auth service's limits, from `[auth.rate_limit]` of `supabase/config.toml` as the Supabase
// CLI reads it (a missing key takes the CLI's default, from its config template) and hands it to
// GoTrue: sign_in_sign_ups → GOTRUE_RATE_LIMIT_OTP, token_refresh → GOTRUE_RATE_LIMIT_TOKEN_REFRESH,
// token_verifications → GOTRUE_RATE_LIMIT_VERIFY, and email_sent → GOTRUE_RATE_LIMIT_EMAIL_SENT
// only with a custom SMTP server (`[auth.email.smtp] enabled = true`); without one, as here (the
// local outbox plays the CLI's mail catcher), GoTrue keeps its own default of 30 an hour.
// anonymous_users, sms_sent and web3 limit sign-ins this project leaves off (anonymous, phone,
// web3): their endpoints answer "disabled" before any limit, so they are not read.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { supabaseDir } from '../../lib/paths.ts';

export interface AuthRateLimits {
  /** Per address, per 5 minutes: /signup, /recover, /resend, /otp, /magiclink, PUT /user, each its own count. */
  signInSignUps: number;
  /** Per address, per 5 minutes: every grant of POST /token (password sign-ins included). */
  tokenRefresh: number;
  /** Per address, per 5 minutes: GET and POST /verify. */
  tokenVerifications: number;
  /** Per hour, for the whole project: the mails the auth service sends. */
  emailSent: number;
}

/** The CLI's defaults (`supabase init`'s config.toml), which GoTrue receives when a key is absent. */
export const cliDefaultRateLimits: AuthRateLimits = { signInSignUps: 30, tokenRefresh: 150, tokenVerifications: 30, emailSent: 2 };

/** GoTrue's RateLimitEmailSent when the CLI passes none: no custom SMTP server configured. */
export const gotrueDefaultEmailSent = 30;

/**
 * For stacks whose tests sign in and up many times from one address (127.0.0.1), as `npm test`'s
 * shared stack does: so high that only the burst GoTrue fixes (30 at once) is left, and refilled
 * within microseconds. The limits themselves are proven on stacks of their own.
 */
export const testStackRateLimits: AuthRateLimits = { signInSignUps: 1e9, tokenRefresh: 1e9, tokenVerifications: 1e9, emailSent: 1e9 };

const keys: Record<keyof AuthRateLimits, string> = {
  signInSignUps: 'sign_in_sign_ups',
  tokenRefresh: 'token_refresh',
  tokenVerifications: 'token_verifications',
  emailSent: 'email_sent',
};

/** `[auth.rate_limit]` of `configFile` as GoTrue receives it; a missing file, section or key means the CLI's default. */
export function readAuthRateLimits(configFile = join(supabaseDir, 'config.toml')): AuthRateLimits {
  const config = existsSync(configFile) ? parse(readFileSync(configFile, 'utf8')) : {};
  const auth = (config.auth ?? {}) as { rate_limit?: Record<string, unknown>; email?: { smtp?: { enabled?: unknown } } };
  const section = auth.rate_limit ?? {};
  const limits = { ...cliDefaultRateLimits };
  for (const [field, key] of Object.entries(keys) as Array<[keyof AuthRateLimits, string]>) {
    const value = section[key];
    if (value === undefined) continue;
    // The CLI reads these as unsigned integers and refuses anything else.
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new Error(`${configFile}: [auth.rate_limit] ${key} must be a whole number ≥ 0`);
    limits[field] = value;
  }
  if (auth.email?.smtp?.enabled !== true) limits.emailSent = gotrueDefaultEmailSent;
  return limits;
}
