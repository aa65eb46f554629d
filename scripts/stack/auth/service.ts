// The local GoTrue (/auth/v1): routes GoTrue's endpoints to their handlers and turns every
// failure into GoTrue's error JSON, so bad input is a 4xx and never a stack trace.
import type { ServiceFactory } from '../context.ts';
import { createUser, updateUserById } from './admin-user-write.ts';
import { deleteUser, getUserById, listUsers } from './admin-users.ts';
import { sqlState } from './db.ts';
import { AuthHttpError, internalError, notFound, OAuthStyleError, sendAuthError, validationFailed } from './errors.ts';
import { ensureFlowStateTable } from './flow-state.ts';
import { invite } from './invite.ts';
import { jwks } from './jwks.ts';
import { AuthLimits, type LimitedEndpoint } from './limits.ts';
import { logout } from './logout.ts';
import { Outbox } from './mailer.ts';
import { health, settings } from './meta.ts';
import { otp } from './otp.ts';
import { outboxPage } from './outbox-page.ts';
import { readAuthRateLimits, type AuthRateLimits } from './rate-limit-settings.ts';
import type { Clock } from './rate-limiter.ts';
import { reauthenticate } from './reauthenticate.ts';
import { recover } from './recover.ts';
import { resend } from './resend.ts';
import type { AuthDeps, RouteHandler } from './route.ts';
import { ensureSessionTables } from './sessions.ts';
import { signup } from './signup.ts';
import { token } from './token.ts';
import { getUser, updateUser } from './user.ts';
import { verify, verifyPost } from './verify.ts';

interface Route {
  method: string;
  pattern: RegExp;
  handler: RouteHandler;
  /** The client address's limit the request takes before its handler runs (GoTrue's limitHandler). */
  limit?: LimitedEndpoint;
}

const route = (method: string, path: string, handler: RouteHandler, limit?: LimitedEndpoint): Route => ({
  method,
  pattern: new RegExp(`^${path.replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`),
  handler,
  limit,
});

const routes: Route[] = [
  route('GET', '/health', health),
  route('GET', '/settings', settings),
  route('GET', '/.well-known/jwks.json', jwks),
  route('POST', '/signup', signup),
  route('POST', '/token', token),
  route('GET', '/user', getUser),
  route('PUT', '/user', updateUser),
  route('POST', '/logout', logout),
  route('POST', '/recover', recover, 'recover'),
  route('GET', '/verify', verify, 'verify'),
  route('POST', '/verify', verifyPost, 'verify'),
  route('POST', '/resend', resend, 'resend'),
  route('POST', '/otp', otp, 'otp'),
  route('GET', '/reauthenticate', reauthenticate),
  route('POST', '/invite', invite),
  route('GET', '/outbox', outboxPage),
  route('GET', '/admin/users', listUsers),
  route('POST', '/admin/users', createUser),
  route('GET', '/admin/users/:id', getUserById),
  route('PUT', '/admin/users/:id', updateUserById),
  route('DELETE', '/admin/users/:id', deleteUser),
];

/** Anything that is not an AuthHttpError yet, as the error GoTrue would answer. */
function asAuthError(error: unknown): AuthHttpError | OAuthStyleError {
  if (error instanceof AuthHttpError || error instanceof OAuthStyleError) return error;
  // A data exception from a bind value (a NUL in a string, a too-long role) is bad input.
  if (sqlState(error)?.startsWith('22')) return validationFailed(`Invalid input: ${(error as Error).message}`);
  return Object.assign(internalError('Unexpected failure, please check server logs for more information'), { cause: error });
}

export interface AuthServiceOptions {
  /** Defaults to `[auth.rate_limit]` of supabase/config.toml. */
  rateLimits?: AuthRateLimits;
  /** The limits' clock; tests move it instead of waiting out a window. */
  now?: Clock;
}

export const authService = (options: AuthServiceOptions = {}): ServiceFactory => async (context) => {
  const pool = context.pool('supabase_auth_admin');
  await ensureSessionTables(pool);
  await ensureFlowStateTable(pool);
  const limits = new AuthLimits(options.rateLimits ?? readAuthRateLimits(), context.settings.autoconfirm, options.now);
  const deps: AuthDeps = { context, pool, outbox: new Outbox(), limits };

  return {
    async handle(req, res, path, url) {
      const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
      const matches = routes.filter((r) => r.pattern.test(normalised));
      const match = matches.find((r) => r.method === req.method);
      try {
        if (!match) {
          throw matches.length ? new AuthHttpError(405, 'method_not_allowed', `Method ${req.method} not allowed`) : notFound('not_found', 'Not Found');
        }
        if (match.limit) limits.takeRequest(match.limit, req);
        const params = { ...match.pattern.exec(normalised)?.groups };
        await match.handler({ req, res, url, params, deps });
      } catch (caught) {
        const error = asAuthError(caught);
        if (error instanceof AuthHttpError && error.status >= 500) {
          const cause = (error as Error & { cause?: unknown }).cause;
          console.error(`[auth] ${req.method} ${path}: ${error.message}${cause instanceof Error ? `\n${cause.stack}` : ''}`);
        }
        if (res.headersSent) res.destroy();
        else sendAuthError(req, res, error);
      }
    },
    async close() {
      // The pool belongs to the gateway; the outbox lives and dies with this object.
    },
  };
};
