// One transaction per request on the `authenticator` pool, sent as one pipeline: BEGIN (READ ONLY
// for reads), one statement of set_config calls (search_path, role, request.jwt.claims,
// request.method/path/headers/cookies, statement_timeout), the request's statements, and COMMIT
// (or ROLLBACK, as `Prefer: tx=rollback` asks) unless the caller must look at the result first
// (single-object and max-affected checks, which roll a write back).
import type pg from 'pg';
import { isPgError } from './errors.ts';
import { pipeline, PipelineError, type Row, type Statement } from './pipeline.ts';

export interface RequestSettings {
  readOnly: boolean;
  role: string;
  claims: Record<string, unknown>;
  method: string;
  path: string;
  headers: Record<string, string>;
  cookies: Record<string, string>;
  /** The search_path: the request's schema, then db-extra-search-path; `public, extensions` when absent. */
  searchPath?: string[];
  /** End the transaction with ROLLBACK whatever happens (`Prefer: tx=rollback`, db-tx-end). */
  rollback?: boolean;
}

export const statementTimeoutMs = 8000;

const settingsSql =
  "select set_config('search_path', $8, true), set_config('role', $1, true), " +
  "set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true), " +
  "set_config('request.path', $4, true), set_config('request.headers', $5, true), " +
  "set_config('request.cookies', $6, true), set_config('statement_timeout', $7, true)";

function settingsStatement(settings: RequestSettings): Statement {
  return {
    text: settingsSql,
    values: [
      settings.role,
      JSON.stringify(settings.claims),
      settings.method,
      settings.path,
      JSON.stringify(settings.headers),
      JSON.stringify(settings.cookies),
      String(statementTimeoutMs),
      (settings.searchPath ?? ['public', 'extensions']).map((name) => `"${name.replace(/"/g, '""')}"`).join(', '),
    ],
  };
}

/**
 * Runs `statements` in the request's transaction and returns the rows of each. With `commitIf`,
 * the transaction stays open until it has seen the rows (and done what must happen before the
 * commit, such as Storage putting a file in place), then commits or rolls back; when `commitIf`
 * throws, the transaction rolls back and the error passes on.
 */
export async function runInTransaction(
  pool: pg.Pool,
  settings: RequestSettings,
  statements: Statement[],
  commitIf?: (results: Row[][]) => boolean | Promise<boolean>,
): Promise<Row[][]> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const begin: Statement = { text: settings.readOnly ? 'begin read only' : 'begin' };
    const end = settings.rollback ? 'rollback' : 'commit';
    const all = [begin, settingsStatement(settings), ...statements, ...(commitIf ? [] : [{ text: end }])];
    let results: Row[][];
    try {
      results = await pipeline(client, all);
    } catch (error) {
      const cause = error instanceof PipelineError ? error.error : (error as Error);
      if (isPgError(cause)) await client.query('rollback').catch((e: Error) => (broken = e));
      else broken = cause;
      throw cause;
    }
    const own = results.slice(2, 2 + statements.length);
    if (commitIf) {
      const commit = await Promise.resolve().then(() => commitIf(own)).catch(async (error: Error) => {
        await client.query('rollback').catch((e: Error) => (broken = e));
        throw error;
      });
      await client.query(commit ? end : 'rollback').catch((error: Error) => {
        if (!isPgError(error)) broken = error;
        throw error;
      });
    }
    return own;
  } finally {
    client.release(broken);
  }
}
