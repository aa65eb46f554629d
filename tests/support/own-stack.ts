// For tests that break the stack (restart the database or the gateway, switch the commerce
// service's fault modes): each such file runs on a throwaway stack of its own, started and
// stopped by the hooks this registers, so it never disturbs the suites sharing `npm test`'s stack.
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { startLocalStack, type LocalStack } from '../../scripts/stack/launch.ts';
import type { ShopEnv } from './shop.ts';

export interface OwnStack {
  readonly stack: LocalStack;
  readonly env: ShopEnv;
  /** A superuser client on the stack's database; only with `{ db: true }`. */
  readonly db: pg.Client;
}

/**
 * Registers the file's hooks. Ask for `db` only where the database stays up for the whole file:
 * a client open across a restart of the cluster loses its connection.
 */
export function useOwnStack(options: { db?: boolean } = {}): OwnStack {
  let stack: LocalStack | undefined;
  let db: pg.Client | undefined;
  beforeAll(async () => {
    stack = await startLocalStack({ persistent: false, siteUrl: 'http://127.0.0.1:5173' });
    if (options.db) {
      db = new pg.Client({ connectionString: stack.dbUrl });
      await db.connect();
    }
  });
  afterAll(async () => {
    await db?.end();
    await stack?.stop();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the stack is read before beforeAll has run');
    return value;
  };
  return {
    get stack() {
      return ready(stack);
    },
    get env() {
      return ready(stack).env as unknown as ShopEnv;
    },
    get db() {
      if (!options.db) throw new Error('this file has no database client: ask useOwnStack({ db: true })');
      return ready(db);
    },
  };
}
