// For tests that break the stack (restart the database or the gateway, switch the commerce
// service's fault modes): each such file runs on a throwaway stack of its own, started and
// stopped by the hooks this registers, so it never disturbs the suites sharing `npm test`'s stack.
// In the contract tests' second run (SHOP_LEGACY_KEYS=on) that stack has its legacy keys on and
// the file's clients use them, as the shared stack's do.
import type pg from 'pg';
import { useFileFixture, withDatabaseClient } from '../../scripts/lib/file-fixture.ts';
import { testStackRateLimits } from '../../scripts/stack/auth/rate-limit-settings.ts';
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
  const legacyKeys = process.env.SHOP_LEGACY_KEYS === 'on';
  const fixture = useFileFixture(
    async () => {
      const stack = await startLocalStack({ persistent: false, siteUrl: 'http://127.0.0.1:5173', authRateLimits: testStackRateLimits, legacyKeys });
      return options.db ? withDatabaseClient(stack) : { stack, db: undefined };
    },
    async ({ stack, db }) => {
      await db?.end();
      await stack.stop();
    },
  );
  return {
    get stack() {
      return fixture().stack;
    },
    get env() {
      const { stack } = fixture();
      const env = stack.env as unknown as ShopEnv;
      return legacyKeys ? { ...env, SUPABASE_PUBLISHABLE_KEY: stack.anonKey, SUPABASE_SECRET_KEY: stack.serviceRoleKey } : env;
    },
    get db() {
      const { db } = fixture();
      if (!db) throw new Error('this file has no database client: ask useOwnStack({ db: true })');
      return db;
    },
  };
}
