// The local stack's mail: nothing leaves the machine. A mail GoTrue would send is written to the
// console and kept in memory for the outbox page, with GoTrue's default subject and body.
import { createHash, randomInt } from 'node:crypto';
import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { StackContext } from '../context.ts';
import { query, type Queryable } from './db.ts';

/** The Supabase CLI's `otp_expiry`: how long a link in a mail stays valid. */
export const otpExpirySeconds = 3600;
const outboxCapacity = 200;

export type MailAction = 'signup' | 'email_change' | 'recovery';

export interface SentMail {
  to: string;
  subject: string;
  action: MailAction;
  link: string;
  /** GoTrue's `{{ .Token }}`: the 6-digit code the mail offers besides the link. */
  code: string;
  sentAt: Date;
}

export class Outbox {
  private readonly mails: SentMail[] = [];

  record(mail: SentMail): void {
    this.mails.unshift(mail);
    this.mails.length = Math.min(this.mails.length, outboxCapacity);
    console.log(`[auth] mail to ${mail.to} (${mail.subject}): ${mail.link}`);
  }

  newestFirst(): readonly SentMail[] {
    return this.mails;
  }
}

/** GoTrue's GenerateTokenHash: what the link carries and auth.users stores, from the address and the code. */
export function tokenHash(email: string, code: string): string {
  return createHash('sha224').update(email + code).digest('hex');
}

/** GoTrue's GenerateOtp: a fresh 6-digit code and the hash of it the link carries. */
function newOneTimeToken(email: string): { code: string; hash: string } {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { code, hash: tokenHash(email, code) };
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** GoTrue's IsRedirectURLValid with an empty allow list: back to the site, or to a loopback address. */
function isAllowedRedirect(context: StackContext, candidate: string): boolean {
  let site: URL;
  let target: URL;
  try {
    site = new URL(context.settings.siteUrl);
    target = new URL(candidate);
  } catch {
    return false;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
  const host = target.hostname;
  if (host === site.hostname && target.protocol === site.protocol && (target.port === site.port || loopbackHosts.has(host))) return true;
  return isIP(host.replace(/^\[|\]$/g, '')) !== 0 && loopbackHosts.has(host);
}

/** GoTrue's GetReferrer: redirect_to if allowed, else the Referer if allowed, else the site URL. */
export function redirectTarget(context: StackContext, req: IncomingMessage, redirectTo: string | null): string {
  for (const candidate of [redirectTo, req.headers.referer]) {
    if (candidate && isAllowedRedirect(context, candidate)) return candidate;
  }
  return context.settings.siteUrl;
}

function verifyLink(context: StackContext, token: string, action: MailAction, redirectTo: string): string {
  const params = new URLSearchParams({ token, type: action, redirect_to: redirectTo });
  return `${context.apiUrl}/auth/v1/verify?${params.toString()}`;
}

/** GoTrue's sendConfirmation: a fresh link replaces the previous one. Record the mail once committed. */
export async function sendConfirmation(db: Queryable, context: StackContext, user: { id: string; email: string }, redirectTo: string): Promise<SentMail> {
  const { code, hash } = newOneTimeToken(user.email);
  await query(db, 'update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now() where id = $1', [user.id, hash]);
  return { to: user.email, subject: 'Confirm your email address', action: 'signup', link: verifyLink(context, hash, 'signup', redirectTo), code, sentAt: new Date() };
}

/** GoTrue's sendEmailChange, confirmed by the new address only (no secure double confirmation). */
export async function sendEmailChange(db: Queryable, context: StackContext, userId: string, newEmail: string, redirectTo: string): Promise<SentMail> {
  const { code, hash } = newOneTimeToken(newEmail);
  await query(
    db,
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_sent_at = now(),
            email_change_confirm_status = 0, updated_at = now() where id = $1`,
    [userId, newEmail, hash],
  );
  return { to: newEmail, subject: 'Confirm your new email address', action: 'email_change', link: verifyLink(context, hash, 'email_change', redirectTo), code, sentAt: new Date() };
}

/**
 * GoTrue's sendPasswordRecovery: a fresh link (and code) replaces the previous one. For a PKCE
 * request the token carries `pkce_` (`tokenPrefix`), so the link answers with a code to exchange.
 */
export async function sendPasswordRecovery(
  db: Queryable,
  context: StackContext,
  user: { id: string; email: string },
  redirectTo: string,
  tokenPrefix = '',
): Promise<SentMail> {
  const { code, hash } = newOneTimeToken(user.email);
  const token = tokenPrefix + hash;
  await query(db, 'update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1', [user.id, token]);
  return { to: user.email, subject: 'Reset Your Password', action: 'recovery', link: verifyLink(context, token, 'recovery', redirectTo), code, sentAt: new Date() };
}
