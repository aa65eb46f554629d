// GoTrue's limits (internal/api/apilimiter, api.go, mail.go) over the settings of
// `[auth.rate_limit]`. Each limited endpoint has a bucket per client address of its own, holding
// 30 requests at once (GoTrue's fixed burst) and refilled at the setting's rate per 5 minutes;
// past it, 429 `over_request_rate_limit`. The mails the service sends count for the whole project,
// `email_sent` per hour from the service's start; past it, 429 `over_email_send_rate_limit`.
import type { IncomingMessage } from 'node:http';
import { tooManyRequests } from './errors.ts';
import type { AuthRateLimits } from './rate-limit-settings.ts';
import { clientAddress, IntervalLimiter, KeyedTokenBuckets, type Clock } from './rate-limiter.ts';

/** GoTrue's limiters per address, each named after its field in apilimiter.Limiter, and its setting. */
const endpointSettings = {
  signups: 'signInSignUps',
  recover: 'signInSignUps',
  resend: 'signInSignUps',
  otp: 'signInSignUps',
  user: 'signInSignUps',
  token: 'tokenRefresh',
  verify: 'tokenVerifications',
} satisfies Record<string, keyof AuthRateLimits>;

export type LimitedEndpoint = keyof typeof endpointSettings;

const fiveMinutes = 5 * 60;
/** tollbooth's DefaultExpirationTTL for all of them. */
const bucketLifetimeMs = 60 * 60 * 1000;
const burst = 30;
const emailInterval = 60 * 60 * 1000;

export class AuthLimits {
  private readonly endpoints: Record<LimitedEndpoint, KeyedTokenBuckets>;
  private readonly emails: IntervalLimiter;

  constructor(
    private readonly settings: AuthRateLimits,
    /** GoTrue's MAILER_AUTOCONFIRM: it counts mails only when sign-ups are confirmed by mail. */
    private readonly autoconfirm: boolean,
    now: Clock = Date.now,
  ) {
    const bucketsFor = (setting: keyof AuthRateLimits) => new KeyedTokenBuckets(settings[setting] / fiveMinutes, burst, bucketLifetimeMs, now);
    this.endpoints = Object.fromEntries(Object.entries(endpointSettings).map(([endpoint, setting]) => [endpoint, bucketsFor(setting)])) as Record<LimitedEndpoint, KeyedTokenBuckets>;
    this.emails = new IntervalLimiter(settings.emailSent, emailInterval, now);
  }

  /** GoTrue's limitHandler: takes one of the client address's requests to `endpoint`, or refuses. */
  takeRequest(endpoint: LimitedEndpoint, req: IncomingMessage): void {
    const address = clientAddress(req);
    if (address !== undefined && !this.endpoints[endpoint].allow(address)) throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  }

  /** GoTrue's sendEmail: call before a mail is written, in the request that sends it. */
  takeEmail(): void {
    // email_sent = 0 refuses every mail, even with autoconfirm on.
    const allowed = this.settings.emailSent > 0 && (this.autoconfirm || this.emails.allow());
    if (!allowed) throw tooManyRequests('over_email_send_rate_limit', 'email rate limit exceeded');
  }
}
