// The local stack's mail: nothing leaves the machine. A mail GoTrue would send is rendered from the
// project's templates (supabase/config.toml's [auth.email.template.*]), written to the console and
// kept in memory for the outbox page. Like GoTrue, each kind of mail waits `max_frequency` between
// two sends to one address, and answers 429 over_email_send_rate_limit before that.
import { createHash, randomInt } from 'node:crypto';
import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { StackContext } from '../context.ts';
import { query, queryOne, type Queryable } from './db.ts';
import { AuthHttpError } from './errors.ts';
import { renderGoTemplate } from './go-template.ts';
import type { TemplateName } from './mail-settings.ts';
import type { JsonObject } from './request.ts';

/** The Supabase CLI's `otp_expiry`: how long a link in a mail stays valid. */
export const otpExpirySeconds = 3600;
const outboxCapacity = 200;

/** The `type` of a mail's /verify link; a reauthentication mail carries a code only. */
export type MailAction = 'signup' | 'invite' | 'email_change' | 'recovery' | 'magiclink' | 'reauthentication';

export interface SentMail {
  to: string;
  subject: string;
  action: MailAction;
  /** The /verify link; empty for a reauthentication, whose mail carries a code only. */
  link: string;
  /** GoTrue's `{{ .Token }}`: the 6-digit code the mail offers besides the link. */
  code: string;
  /** The body, rendered from the project's template. */
  html: string;
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

/** What one kind of mail writes to auth.users, and the template it is written from. */
interface MailKind {
  action: MailAction;
  template: TemplateName;
  tokenColumn: 'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'reauthentication_token';
  sentAtColumn: 'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at' | 'reauthentication_sent_at';
}

const confirmationMail: MailKind = { action: 'signup', template: 'confirmation', tokenColumn: 'confirmation_token', sentAtColumn: 'confirmation_sent_at' };
const recoveryMail: MailKind = { action: 'recovery', template: 'recovery', tokenColumn: 'recovery_token', sentAtColumn: 'recovery_sent_at' };
// GoTrue: "Magic Link is just a recovery with a different template", sharing its token and timer.
const magicLinkMail: MailKind = { action: 'magiclink', template: 'magic_link', tokenColumn: 'recovery_token', sentAtColumn: 'recovery_sent_at' };
const inviteMail: MailKind = { action: 'invite', template: 'invite', tokenColumn: 'confirmation_token', sentAtColumn: 'confirmation_sent_at' };
// A code only: its mail has no link (the `action` below names no /verify type it could take).
const reauthenticationMail: MailKind = { action: 'reauthentication', template: 'reauthentication', tokenColumn: 'reauthentication_token', sentAtColumn: 'reauthentication_sent_at' };
const emailChangeMail: MailKind = { action: 'email_change', template: 'email_change', tokenColumn: 'email_change_token_new', sentAtColumn: 'email_change_sent_at' };

/** GoTrue's validateSentWithinFrequencyLimit, its message with the whole seconds left. */
export function tooSoon(secondsLeft: number): AuthHttpError {
  return new AuthHttpError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${Math.floor(secondsLeft)} seconds.`);
}

/**
 * Writes a fresh token of `kind` for the user (the previous one is void), after GoTrue's
 * per-address interval, and renders the mail; the caller records it once its transaction commits.
 * `to` is where it goes (the new address of an e-mail change), `tokenPrefix` `pkce_` for PKCE.
 */
async function sendTokenMail(
  db: Queryable,
  context: StackContext,
  kind: MailKind,
  userId: string,
  to: string,
  redirectTo: string,
  tokenPrefix = '',
  extra: JsonObject = {},
): Promise<SentMail> {
  const row = await queryOne<{ email: string | null; raw_user_meta_data: JsonObject | null; seconds_left: number | null }>(
    db,
    `select email, raw_user_meta_data, extract(epoch from ${kind.sentAtColumn} + make_interval(secs => $2) - now())::float8 as seconds_left
       from auth.users where id = $1 for update`,
    [userId, context.settings.mail.maxFrequencySeconds],
  );
  if (!row) throw new Error(`no user ${userId} to mail`);
  // GoTrue's sendInvite alone waits for nothing: an administrator sends it.
  if (kind !== inviteMail && row.seconds_left !== null && row.seconds_left > 0) throw tooSoon(row.seconds_left);
  const { code, hash } = newOneTimeToken(to);
  const token = tokenPrefix + hash;
  await query(db, `update auth.users set ${kind.tokenColumn} = $2, ${kind.sentAtColumn} = now(), updated_at = now() where id = $1`, [userId, token]);
  const link = kind.action === 'reauthentication' ? '' : verifyLink(context, token, kind.action, redirectTo);
  const template = context.settings.mail.templates[kind.template];
  // GoTrue's template data (templatemailer.go).
  const html = renderGoTemplate(template.body, {
    SiteURL: context.settings.siteUrl,
    ConfirmationURL: link,
    Email: row.email ?? to,
    Token: code,
    TokenHash: token,
    Data: row.raw_user_meta_data ?? {},
    RedirectTo: redirectTo,
    ...extra,
  });
  return { to, subject: template.subject, action: kind.action, link, code, html, sentAt: new Date() };
}

/** GoTrue's sendConfirmation: a fresh link (and code) replaces the previous one. */
export function sendConfirmation(db: Queryable, context: StackContext, user: { id: string; email: string }, redirectTo: string, tokenPrefix = ''): Promise<SentMail> {
  return sendTokenMail(db, context, confirmationMail, user.id, user.email, redirectTo, tokenPrefix);
}

/** GoTrue's sendMagicLink: a sign-in link (and code) for a confirmed address. */
export function sendMagicLink(db: Queryable, context: StackContext, user: { id: string; email: string }, redirectTo: string, tokenPrefix = ''): Promise<SentMail> {
  return sendTokenMail(db, context, magicLinkMail, user.id, user.email, redirectTo, tokenPrefix);
}

/**
 * GoTrue's sendPasswordRecovery: a fresh link (and code) replaces the previous one. For a PKCE
 * request the token carries `pkce_` (`tokenPrefix`), so the link answers with a code to exchange.
 */
export function sendPasswordRecovery(db: Queryable, context: StackContext, user: { id: string; email: string }, redirectTo: string, tokenPrefix = ''): Promise<SentMail> {
  return sendTokenMail(db, context, recoveryMail, user.id, user.email, redirectTo, tokenPrefix);
}

/** GoTrue's sendInvite: a link (and code) that confirms the invited address and signs in. */
export async function sendInvite(db: Queryable, context: StackContext, user: { id: string; email: string }, redirectTo: string): Promise<SentMail> {
  const mail = await sendTokenMail(db, context, inviteMail, user.id, user.email, redirectTo);
  await query(db, 'update auth.users set invited_at = now() where id = $1', [user.id]);
  return mail;
}

/** GoTrue's sendReauthenticationOtp: a code for the signed-in user to confirm a sensitive change. */
export function sendReauthentication(db: Queryable, context: StackContext, user: { id: string; email: string }): Promise<SentMail> {
  return sendTokenMail(db, context, reauthenticationMail, user.id, user.email, context.settings.siteUrl);
}

/** GoTrue's sendEmailChange, confirmed by the new address only (no secure double confirmation). */
export async function sendEmailChange(db: Queryable, context: StackContext, userId: string, newEmail: string, redirectTo: string, tokenPrefix = ''): Promise<SentMail> {
  const mail = await sendTokenMail(db, context, emailChangeMail, userId, newEmail, redirectTo, tokenPrefix, { NewEmail: newEmail });
  await query(db, 'update auth.users set email_change = $2, email_change_confirm_status = 0 where id = $1', [userId, newEmail]);
  return mail;
}
