// Where the auth contract tests find GoTrue: the stack the test orchestrator started (its
// SUPABASE_* environment), or else a throwaway cluster with a gateway serving only auth.
import { testStackRateLimits } from '../../../scripts/stack/auth/rate-limit-settings.ts';
import { startAuthGateway, startAuthTestStack, type AuthGateway } from '../../../scripts/stack/auth/test-stack.ts';

export interface AuthStack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Superuser connection URL of the stack's database. */
  dbUrl: string;
  /**
   * A second auth gateway on the same database with e-mail confirmation on, as the stack has it
   * (config.toml), for flows that read its outbox. Its keys are its own.
   */
  confirmingGateway(): Promise<AuthGateway>;
  /** The same, sign-ups confirmed at once (`enable_confirmations = false`). */
  autoconfirmingGateway(): Promise<AuthGateway>;
  stop(): Promise<void>;
}

function fromEnvironment(): Omit<AuthStack, 'confirmingGateway' | 'autoconfirmingGateway' | 'stop'> | undefined {
  const { SUPABASE_URL, SUPABASE_PUBLISHABLE_KEY, SUPABASE_SECRET_KEY, SUPABASE_DB_URL } = process.env;
  if (!SUPABASE_URL || !SUPABASE_PUBLISHABLE_KEY || !SUPABASE_SECRET_KEY || !SUPABASE_DB_URL) return undefined;
  return { url: SUPABASE_URL, anonKey: SUPABASE_PUBLISHABLE_KEY, serviceRoleKey: SUPABASE_SECRET_KEY, dbUrl: SUPABASE_DB_URL };
}

export async function startAuthStack(): Promise<AuthStack> {
  const extras: AuthGateway[] = [];
  const extraGateway = async (dbUrl: string, autoconfirm: boolean) => {
    const gateway = await startAuthGateway({ dbUrl, autoconfirm, rateLimits: testStackRateLimits });
    extras.push(gateway);
    return gateway;
  };
  const closeExtras = () => Promise.all(extras.splice(0).map((gateway) => gateway.close()));

  const shared = fromEnvironment();
  if (shared) {
    return {
      ...shared,
      confirmingGateway: () => extraGateway(shared.dbUrl, false),
      autoconfirmingGateway: () => extraGateway(shared.dbUrl, true),
      stop: async () => void (await closeExtras()),
    };
  }
  const local = await startAuthTestStack();
  // Confirmations on, as the stack the orchestrator starts has them.
  const { url, publishableKey: anonKey, secretKey: serviceRoleKey } = local.unconfirmed;
  return {
    url,
    anonKey,
    serviceRoleKey,
    dbUrl: local.dbUrl,
    confirmingGateway: () => extraGateway(local.dbUrl, false),
    autoconfirmingGateway: () => extraGateway(local.dbUrl, true),
    async stop() {
      await closeExtras();
      await local.stop();
    },
  };
}
