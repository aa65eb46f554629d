// What every local-stack service receives from the gateway: where the database is, the keys,
// and the settings. Services are plug-ins: each exports a factory returning a Service.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type pg from 'pg';
import type { AuthMailSettings } from './auth/mail-settings.ts';
import type { ProjectKeys } from './project-keys.ts';

export interface StackSettings {
  /** GoTrue's MAILER_AUTOCONFIRM: sign-ups are confirmed at once unless this is false. */
  autoconfirm: boolean;
  /** Where confirmation links send the browser back to (GoTrue's SITE_URL). */
  siteUrl: string;
  /** Access-token lifetime in seconds (GoTrue's JWT_EXP). */
  jwtExpiry: number;
  /** supabase/config.toml's `[auth.email]`: the mail templates and the per-address interval. */
  mail: AuthMailSettings;
  /**
   * The dashboard's legacy API keys switch: while on, the anon and service-role JWT keys and
   * HS256 tokens signed with the JWT secret are accepted beside the new keys; off, refused.
   */
  legacyKeys: boolean;
}

/** The project's keys (`ProjectKeys`), the database and the settings. */
export interface StackContext extends ProjectKeys {
  /** The gateway's public base URL, e.g. http://127.0.0.1:54321. */
  apiUrl: string;
  /** Superuser connection URL. */
  dbUrl: string;
  /** Connection URL for another login role of the same cluster. */
  dbUrlFor(role: string): string;
  settings: StackSettings;
  /** Pools per login role: `authenticator` (REST), `supabase_auth_admin` (auth), `postgres`. */
  pool(role: 'authenticator' | 'supabase_auth_admin' | 'supabase_realtime_admin' | 'postgres'): pg.Pool;
  /** Secrets and settings handed to edge functions besides the SUPABASE_* ones. */
  functionSecrets: Record<string, string>;
}

export interface Service {
  /** `path` is what follows the service prefix, e.g. `/users` for `/rest/v1/users`. */
  handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void>;
  upgrade?(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void;
  /** Headers a CORS preflight (OPTIONS) under this path answers besides the gateway's (TUS's). */
  preflightHeaders?(path: string): Record<string, string>;
  close(): Promise<void>;
}

export type ServiceFactory = (context: StackContext) => Promise<Service>;
