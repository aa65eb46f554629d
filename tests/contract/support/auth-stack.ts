// Where the auth contract tests find GoTrue: the stack the test orchestrator started (its
// SUPABASE_* environment), or else a throwaway cluster with a gateway serving only auth.
import { startAuthGateway, startAuthTestStack, type AuthGateway } from '../../../scripts/stack/auth/test-stack.ts';

export interface AuthStack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Superuser connection URL of the stack's database. */
  dbUrl: string;
  /**
   * A second auth gateway on the same database with e-mail confirmation on (the shared stack
   * auto-confirms), for the confirmation flow. Its keys are its own.
   */
  confirmingGateway(): Promise<AuthGateway>;
  stop(): Promise<void>;
}

function fromEnvironment(): Omit<AuthStack, 'confirmingGateway' | 'stop'> | undefined {
  const { SUPABASE_URL, SUPABASE_PUBLISHABLE_KEY, SUPABASE_SECRET_KEY, SUPABASE_DB_URL } = process.env;
  if (!SUPABASE_URL || !SUPABASE_PUBLISHABLE_KEY || !SUPABASE_SECRET_KEY || !SUPABASE_DB_URL) return undefined;
  return { url: SUPABASE_URL, anonKey: SUPABASE_PUBLISHABLE_KEY, serviceRoleKey: SUPABASE_SECRET_KEY, dbUrl: SUPABASE_DB_URL };
}

export async function startAuthStack(): Promise<AuthStack> {
  const extras: AuthGateway[] = [];
  const confirmingGateway = async (dbUrl: string) => {
    const gateway = await startAuthGateway({ dbUrl, autoconfirm: false });
    extras.push(gateway);
    return gateway;
  };
  const closeExtras = () => Promise.all(extras.splice(0).map((gateway) => gateway.close()));

  const shared = fromEnvironment();
  if (shared) {
    return { ...shared, confirmingGateway: () => confirmingGateway(shared.dbUrl), stop: async () => void (await closeExtras()) };
  }
  const local = await startAuthTestStack();
  const { url, publishableKey: anonKey, secretKey: serviceRoleKey } = local.confirmed;
  return {
    url,
    anonKey,
    serviceRoleKey,
    dbUrl: local.dbUrl,
    confirmingGateway: () => confirmingGateway(local.dbUrl),
    async stop() {
      await closeExtras();
      await local.stop();
    },
  };
}
