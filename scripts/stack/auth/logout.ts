// POST /logout?scope=global|local|others: GoTrue's Logout, which ends sessions and with them
// their refresh tokens; access tokens of an ended session then fail with session_not_found.
import { requireUser } from './authenticate.ts';
import { transaction } from './db.ts';
import { validationFailed } from './errors.ts';
import type { RouteHandler } from './route.ts';
import { logout as endSessions, type LogoutScope } from './sessions.ts';

const scopes: Record<string, LogoutScope> = { '': 'global', global: 'global', local: 'local', others: 'others' };

export const logout: RouteHandler = async ({ req, res, url, deps }) => {
  const caller = await requireUser(req, deps.context, deps.pool);
  const requested = url.searchParams.get('scope') ?? '';
  const scope = scopes[requested];
  if (!scope) throw validationFailed(`Unsupported logout scope ${JSON.stringify(requested)}`);
  await transaction(deps.pool, (db) => endSessions(db, caller.user.id, caller.sessionId, scope));
  res.writeHead(204).end();
};
