// What every auth route handler receives.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import type { StackContext } from '../context.ts';
import type { AuthLimits } from './limits.ts';
import type { Outbox } from './mailer.ts';

export interface AuthDeps {
  context: StackContext;
  /** The `supabase_auth_admin` pool: the owner of the auth schema, as GoTrue connects. */
  pool: pg.Pool;
  outbox: Outbox;
  limits: AuthLimits;
}

export interface AuthRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Path parameters, e.g. the user id of /admin/users/:id. */
  params: Record<string, string>;
  deps: AuthDeps;
}

export type RouteHandler = (request: AuthRequest) => Promise<void>;
