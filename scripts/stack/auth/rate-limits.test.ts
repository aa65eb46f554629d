// The auth service's limits as a client meets them, with the unmodified supabase-js over real
// HTTP, on gateways running this project's `[auth.rate_limit]` (the CLI's defaults). The limits'
// clock is the test's: it stands still while requests arrive (a fast attacker) and moves forward
// only when told, so a window is crossed without waiting it out. Each case sends from client
// addresses of its own (X-Forwarded-For, as behind Kong), so the others' allowances stay whole.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import ws from 'ws';
import { cliDefaultRateLimits, readAuthRateLimits } from './rate-limit-settings.ts';
import { signUp, uniqueEmail, useAuthTestStack, type AuthGateway } from './test-stack.ts';

let now = Date.UTC(2026, 10, 27, 9);
const advance = (ms: number) => void (now += ms);
// config.toml's email_sent (2 an hour) as it applies once a custom SMTP server is configured.
const auth = useAuthTestStack({ rateLimits: { ...readAuthRateLimits(), emailSent: cliDefaultRateLimits.emailSent }, now: () => now });

let lastAddress = 0;
const newAddress = () => `198.51.100.${++lastAddress}`;

function client(gateway: AuthGateway, address: string): SupabaseClient {
  return createClient(gateway.url, gateway.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'X-Forwarded-For': address } },
    realtime: { transport: ws as never },
  });
}

/** `status code` of an auth answer's error, or 'ok'. */
const outcome = ({ error }: { error: { status?: number; code?: string } | null }) => (error ? `${error.status} ${error.code}` : 'ok');
const overRequestLimit = '429 over_request_rate_limit';
const overEmailLimit = '429 over_email_send_rate_limit';

async function repeat(times: number, call: (i: number) => Promise<{ error: { status?: number; code?: string } | null }>): Promise<string[]> {
  const outcomes: string[] = [];
  for (let i = 0; i < times; i++) outcomes.push(outcome(await call(i)));
  return outcomes;
}

describe('sign-ins (token_refresh: 150 per 5 minutes, 30 at once)', () => {
  it('refuses the right password after 60 wrong ones, during the lock-out and not after it', async () => {
    const { email, password } = await signUp(auth.stack.confirmed);
    const attacker = client(auth.stack.confirmed, newAddress());
    const wrong = await repeat(60, (i) => attacker.auth.signInWithPassword({ email, password: `wrong-${i}` }));
    expect(wrong.slice(0, 30)).toEqual(Array(30).fill('400 invalid_credentials'));
    expect(wrong.slice(30)).toEqual(Array(30).fill(overRequestLimit));

    const refused = await attacker.auth.signInWithPassword({ email, password });
    expect(outcome(refused)).toBe(overRequestLimit);
    expect(refused.error?.message).toBe('Request rate limit reached');
    expect(refused.data.session).toBeNull();
    advance(1_999);
    expect(outcome(await attacker.auth.signInWithPassword({ email, password }))).toBe(overRequestLimit);

    // A token comes back every 2 seconds (150 per 300 s): the next try is heard.
    advance(1);
    const accepted = await attacker.auth.signInWithPassword({ email, password });
    expect(outcome(accepted)).toBe('ok');
    expect(accepted.data.session?.user.email).toBe(email);
    expect(outcome(await attacker.auth.signInWithPassword({ email, password }))).toBe(overRequestLimit);
  });

  it('limits per client address, not per account: another address signs in meanwhile', async () => {
    const { email, password } = await signUp(auth.stack.confirmed);
    const attacker = client(auth.stack.confirmed, newAddress());
    // Tries against any account count: here unknown ones, which cost the server no hash.
    await repeat(31, () => attacker.auth.signInWithPassword({ email: uniqueEmail('nobody'), password: 'whatever-1' }));
    expect(outcome(await attacker.auth.signInWithPassword({ email, password }))).toBe(overRequestLimit);
    expect(outcome(await client(auth.stack.confirmed, newAddress()).auth.signInWithPassword({ email, password }))).toBe('ok');
  });

  it('counts session refreshes in the same allowance as sign-ins', async () => {
    const { email, password } = await signUp(auth.stack.confirmed);
    const customer = client(auth.stack.confirmed, newAddress());
    const signedIn = await customer.auth.signInWithPassword({ email, password });
    let refreshToken = signedIn.data.session!.refresh_token;
    const refreshes = await repeat(30, async () => {
      const answer = await customer.auth.refreshSession({ refresh_token: refreshToken });
      if (answer.data.session) refreshToken = answer.data.session.refresh_token;
      return answer;
    });
    expect(refreshes).toEqual([...Array(29).fill('ok'), overRequestLimit]);
  });
});

describe('sign-ups (sign_in_sign_ups: 30 per 5 minutes, 30 at once)', () => {
  it('accepts 30 of 40 sign-ups from one address and refuses the rest, creating no account for them', async () => {
    const address = newAddress();
    const emails = Array.from({ length: 40 }, () => uniqueEmail('burst'));
    const visitor = client(auth.stack.confirmed, address);
    const answers = await repeat(40, (i) => visitor.auth.signUp({ email: emails[i]!, password: 'correct-horse' }));
    expect(answers).toEqual([...Array(30).fill('ok'), ...Array(10).fill(overRequestLimit)]);
    const created = await auth.db.query<{ email: string }>('select email from auth.users where email = any($1)', [emails]);
    expect(created.rows.map((row) => row.email).sort()).toEqual(emails.slice(0, 30).sort());

    // One sign-up every 10 seconds after the burst.
    advance(9_999);
    expect(outcome(await visitor.auth.signUp({ email: uniqueEmail('late'), password: 'correct-horse' }))).toBe(overRequestLimit);
    advance(1);
    expect(outcome(await visitor.auth.signUp({ email: uniqueEmail('late'), password: 'correct-horse' }))).toBe('ok');
  });
});

describe('the other limited endpoints', () => {
  it('limits recovery mails per address, answered the same for unknown addresses until then', async () => {
    const visitor = client(auth.stack.confirmed, newAddress());
    const answers = await repeat(31, () => visitor.auth.resetPasswordForEmail(uniqueEmail('unknown')));
    expect(answers).toEqual([...Array(30).fill('ok'), overRequestLimit]);
  });

  it('limits verifications (token_verifications), and a bucket an hour old starts full again', async () => {
    const visitor = client(auth.stack.confirmed, newAddress());
    const verify = () => visitor.auth.verifyOtp({ token_hash: 'not-a-token', type: 'recovery' });
    const answers = await repeat(31, verify);
    expect(answers).toEqual([...Array(30).fill('403 otp_expired'), overRequestLimit]);
    advance(60 * 60_000);
    expect(await repeat(31, verify)).toEqual([...Array(30).fill('403 otp_expired'), overRequestLimit]);
  });

  it('limits a signed-in user’s updates (PUT /user)', async () => {
    const { email, password } = await signUp(auth.stack.confirmed);
    const customer = client(auth.stack.confirmed, newAddress());
    await customer.auth.signInWithPassword({ email, password });
    const answers = await repeat(31, (i) => customer.auth.updateUser({ data: { step: i } }));
    expect(answers).toEqual([...Array(30).fill('ok'), overRequestLimit]);
  });
});

describe('mails (email_sent: 2 per hour for the whole project with custom SMTP, while confirmations are on)', () => {
  it('sends two mails an hour, whoever asks, refuses the third without creating its account, and sends again the next hour', async () => {
    const gateway = auth.stack.unconfirmed;
    // A fresh hour of the limiter, whatever the cases before spent.
    advance(60 * 60_000);
    const first = uniqueEmail('mailed');
    expect(outcome(await client(gateway, newAddress()).auth.signUp({ email: first, password: 'correct-horse' }))).toBe('ok');
    expect(outcome(await client(gateway, newAddress()).auth.resetPasswordForEmail(first))).toBe('ok');

    const third = uniqueEmail('refused');
    const refused = await client(gateway, newAddress()).auth.signUp({ email: third, password: 'correct-horse' });
    expect(outcome(refused)).toBe(overEmailLimit);
    expect(refused.error?.message).toBe('email rate limit exceeded');
    expect((await auth.db.query('select 1 from auth.users where email = $1', [third])).rowCount).toBe(0);
    expect(outcome(await client(gateway, newAddress()).auth.resetPasswordForEmail(first))).toBe(overEmailLimit);
    // An unknown address gets no mail, so nothing to refuse: the same empty answer as ever.
    expect(outcome(await client(gateway, newAddress()).auth.resetPasswordForEmail(uniqueEmail('unknown')))).toBe('ok');

    advance(60 * 60_000);
    expect(outcome(await client(gateway, newAddress()).auth.signUp({ email: third, password: 'correct-horse' }))).toBe('ok');
  });
});
