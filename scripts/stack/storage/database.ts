// Who a Storage request runs as, and its object queries run as that role: the REST service's
// JWT check and transaction (role, request.jwt.claims, headers set on the `authenticator` pool),
// so RLS on storage.objects and storage.buckets decides exactly as it does for PostgREST.
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import type { AccessTokenKeys } from '../keys.ts';
import { authenticate } from '../rest/auth.ts';
import { RestError } from '../rest/errors.ts';
import type { Row, Statement } from '../rest/pipeline.ts';
import { runInTransaction } from '../rest/transaction.ts';
import { errors } from './errors.ts';

export interface Caller {
  role: string;
  claims: Record<string, unknown>;
  /** The JWT's `sub`, recorded as the object's owner. */
  owner: string | undefined;
}

/** What storage-api does with rights it checked earlier (signed URLs): run as service_role. */
export const serviceCaller: Caller = { role: 'service_role', claims: { role: 'service_role' }, owner: undefined };

/** The caller of a request; a bad or expired token is refused as storage-api refuses it. */
export function callerOf(req: IncomingMessage, keys: AccessTokenKeys): Caller {
  try {
    const { role, claims } = authenticate(req, keys);
    return { role, claims, owner: typeof claims.sub === 'string' ? claims.sub : undefined };
  } catch (error) {
    if (error instanceof RestError) throw errors.accessDenied(error.message);
    throw error;
  }
}

export interface Database {
  /** Runs the statements in one transaction as `caller`; see runInTransaction for `commitIf`. */
  run(caller: Caller, statements: Statement[], options?: { readOnly?: boolean; commitIf?: (results: Row[][]) => boolean | Promise<boolean> }): Promise<Row[][]>;
}

export function storageDatabase(pool: pg.Pool, req: IncomingMessage, path: string): Database {
  const headers = Object.fromEntries(
    Object.entries(req.headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]])),
  );
  return {
    run: (caller, statements, options = {}) =>
      runInTransaction(
        pool,
        { readOnly: options.readOnly ?? false, role: caller.role, claims: caller.claims, method: req.method ?? 'GET', path, headers, cookies: {} },
        statements,
        options.commitIf,
      ),
  };
}

/** The one JSON column of the first row of a statement's result, parsed. */
export function firstJson<T>(rows: Row[] | undefined): T | undefined {
  const value = rows?.[0]?.[0];
  return value == null ? undefined : (JSON.parse(value) as T);
}
