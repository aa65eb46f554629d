// For tests: a throwaway cluster with the platform bootstrap, and gateways serving only the auth
// service on free ports, plus a small HTTP client that shows what auth-js would receive.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { preparedCluster } from '../../db/cluster-template.ts';
import { useFileFixture, withDatabaseClient } from '../../lib/file-fixture.ts';
import { freePort } from '../../lib/free-port.ts';
import { startGateway } from '../gateway.ts';
import { newProjectKeys, type ProjectKeys } from '../project-keys.ts';
import { readAuthMailSettings } from './mail-settings.ts';
import { testStackRateLimits, type AuthRateLimits } from './rate-limit-settings.ts';
import type { Clock } from './rate-limiter.ts';
import { authService } from './service.ts';

export interface AuthGateway extends ProjectKeys {
  url: string;
  siteUrl: string;
  close(): Promise<void>;
}

export interface AuthGatewayOptions {
  /** Superuser URL of the cluster; the gateway logs in as the other roles of the same cluster. */
  dbUrl: string;
  autoconfirm: boolean;
  /** Seconds between two mails of one kind to one address; config.toml's `max_frequency` by default. */
  maxFrequencySeconds?: number;
  siteUrl?: string;
  jwtExpiry?: number;
  rateLimits: AuthRateLimits;
  /** The limits' clock (Date.now unless given). */
  now?: Clock;
  /** Another stack's keys, so its services accept this gateway's sessions and API keys; fresh ones otherwise. */
  keys?: ProjectKeys;
}

/** A connection URL for another login role of the cluster `dbUrl` points at. */
export function urlForRole(dbUrl: string, role: string): string {
  const url = new URL(dbUrl);
  url.username = role;
  url.password = '';
  return url.toString();
}

export async function startAuthGateway(options: AuthGatewayOptions): Promise<AuthGateway> {
  const port = await freePort();
  const keys = options.keys ?? newProjectKeys();
  const siteUrl = options.siteUrl ?? 'http://127.0.0.1:5173';
  const mail = readAuthMailSettings();
  const gateway = await startGateway({
    port,
    context: {
      apiUrl: `http://127.0.0.1:${port}`,
      dbUrl: options.dbUrl,
      dbUrlFor: (role) => urlForRole(options.dbUrl, role),
      ...keys,
      settings: {
        autoconfirm: options.autoconfirm,
        siteUrl,
        jwtExpiry: options.jwtExpiry ?? 3600,
        mail: { ...mail, maxFrequencySeconds: options.maxFrequencySeconds ?? mail.maxFrequencySeconds },
        legacyKeys: false,
      },
      functionSecrets: {},
    },
    services: { '/auth/v1': authService({ rateLimits: options.rateLimits, now: options.now }) },
  });
  return { url: gateway.url, ...keys, siteUrl, close: () => gateway.close() };
}

export interface AuthTestStack {
  dbUrl: string;
  /** Sign-ups auto-confirmed (GoTrue's default). */
  confirmed: AuthGateway;
  /** E-mail confirmation on, same database. */
  unconfirmed: AuthGateway;
  stop(): Promise<void>;
}

export interface AuthTestStackOptions {
  /** Both gateways' limits; by default raised out of the way of tests that sign in a lot. */
  rateLimits?: AuthRateLimits;
  now?: Clock;
}

/** One throwaway cluster, two auth gateways on it (autoconfirm on and off). */
export async function startAuthTestStack({ rateLimits = testStackRateLimits, now }: AuthTestStackOptions = {}): Promise<AuthTestStack> {
  const cluster = await preparedCluster('bootstrap');
  try {
    const confirmed = await startAuthGateway({ dbUrl: cluster.url, autoconfirm: true, rateLimits, now });
    const unconfirmed = await startAuthGateway({ dbUrl: cluster.url, autoconfirm: false, rateLimits, now });
    return {
      dbUrl: cluster.url,
      confirmed,
      unconfirmed,
      async stop() {
        await Promise.all([confirmed.close(), unconfirmed.close()]);
        await cluster.stop();
      },
    };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/** Registers a test file's hooks: one auth test stack and a superuser client on its database. */
export function useAuthTestStack(options: AuthTestStackOptions = {}): { readonly stack: AuthTestStack; readonly db: pg.Client } {
  const fixture = useFileFixture(
    async () => withDatabaseClient(await startAuthTestStack(options)),
    async ({ stack, db }) => {
      await db.end();
      await stack.stop();
    },
  );
  return {
    get stack() {
      return fixture().stack;
    },
    get db() {
      return fixture().db;
    },
  };
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

export interface AuthResponse {
  status: number;
  headers: Headers;
  // Tests read arbitrary JSON fields.
  body: any;
  text: string;
}

export interface AuthCall {
  method?: string;
  /** A JSON body (serialised) or raw text sent as is. */
  body?: unknown;
  /** Bearer token; defaults to the publishable key, as auth-js sends it. */
  token?: string | null;
  apikey?: string | null;
  /** auth-js always sends 2024-01-01; null leaves the header out (legacy error shape). */
  apiVersion?: string | null;
  headers?: Record<string, string>;
}

/** One request to `${gateway.url}/auth/v1${path}`, with the headers auth-js sends. */
export async function callAuth(gateway: AuthGateway, path: string, call: AuthCall = {}): Promise<AuthResponse> {
  const headers: Record<string, string> = { ...call.headers };
  const apikey = call.apikey === undefined ? gateway.publishableKey : call.apikey;
  if (apikey) headers.apikey = apikey;
  const token = call.token === undefined ? gateway.publishableKey : call.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const apiVersion = call.apiVersion === undefined ? '2024-01-01' : call.apiVersion;
  if (apiVersion) headers['X-Supabase-Api-Version'] = apiVersion;
  let body: string | undefined;
  if (call.body !== undefined) {
    body = typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
    headers['Content-Type'] ??= 'application/json;charset=UTF-8';
  }
  const response = await fetch(`${gateway.url}/auth/v1${path}`, { method: call.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, redirect: 'manual' });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/** Signs a user up on an auto-confirming gateway and returns the session body. */
export async function signUp(gateway: AuthGateway, email = uniqueEmail(), password = 'correct-horse', data: Record<string, unknown> = {}) {
  const response = await callAuth(gateway, '/signup', { body: { email, password, data } });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${response.text}`);
  return { email, password, session: response.body };
}

/** The claims of a JWT, unverified (the tests verify signatures separately). */
export function decodeJwt(token: string): any {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

export interface OutboxMail {
  action: string;
  subject: string;
  /** The rendered body, as HTML. */
  body: string;
  link: string;
  code: string;
}

/** The newest mail to `email` on the outbox page of the stack at `apiUrl`, as a person would read it. */
export async function newestMailTo(apiUrl: string, email: string): Promise<OutboxMail> {
  const page = await (await fetch(`${apiUrl}/auth/v1/outbox`)).text();
  const item = page.split('<li class="mail">').find((part) => part.includes(`<strong class="mail-to">${email}</strong>`));
  const link = item && /class="mail-link" data-action="([^"]+)"(?: href="([^"]+)")?/.exec(item);
  const code = item && /class="mail-code">([^<]*)</.exec(item)?.[1];
  const subject = item && /class="mail-subject">([^<]*)</.exec(item)?.[1];
  const body = item && /<div class="mail-body">([\s\S]*?)<\/div>\n  <p(?:><a)? class="mail-link"/.exec(item)?.[1];
  if (!link || code === undefined || subject === undefined || body === undefined) throw new Error(`no mail to ${email} in the outbox`);
  return { action: link[1]!, subject: subject.replaceAll('&#39;', "'"), body, link: (link[2] ?? '').replaceAll('&amp;', '&'), code };
}
