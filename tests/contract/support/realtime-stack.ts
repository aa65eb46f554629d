// Where the realtime contract tests find Realtime: the stack the test orchestrator started (its
// SUPABASE_* environment, with the shop's migrations), or else the realtime test stack (a
// throwaway cluster, a gateway serving only realtime, a fixture user_messages of the same shape).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { signJwt, type TokenKey } from '../../../scripts/stack/keys.ts';
import { startRealtimeTestStack } from '../../../scripts/stack/realtime/test-stack.ts';
import { tokenKeyFrom } from '../../support/token-key.ts';

export interface RealtimeStack {
  apiUrl: string;
  anonKey: string;
  /** Superuser connection URL of the stack's database. */
  dbUrl: string;
  /** What users' access tokens are signed with (the signing key; the JWT secret for a legacy project). */
  tokenKey: TokenKey;
  /** Superuser pool: writes rows as the database owner would, bypassing RLS. */
  db: pg.Pool;
  stop(): Promise<void>;
}

export interface Customer {
  id: string;
  email: string;
  /** An access token as GoTrue would sign it for this user. */
  token: string;
}

export interface Message {
  id: string;
  sender_id: string;
  receiver_id: string;
  content: string;
  is_read: boolean;
  created_at: string;
}

function fromEnvironment(): Omit<RealtimeStack, 'db' | 'stop'> | undefined {
  const { SUPABASE_URL, SUPABASE_PUBLISHABLE_KEY, SUPABASE_DB_URL } = process.env;
  const tokenKey = tokenKeyFrom(process.env);
  if (!SUPABASE_URL || !SUPABASE_PUBLISHABLE_KEY || !SUPABASE_DB_URL || !tokenKey) return undefined;
  return { apiUrl: SUPABASE_URL, anonKey: SUPABASE_PUBLISHABLE_KEY, dbUrl: SUPABASE_DB_URL, tokenKey };
}

/**
 * Writes commit synchronously: logical decoding only sees flushed WAL, and a throwaway cluster's
 * synchronous_commit=off would hold every delivery back by a WAL-writer round (~200 ms).
 */
function ownerPool(dbUrl: string): pg.Pool {
  const url = new URL(dbUrl);
  url.searchParams.set('options', '-c synchronous_commit=on');
  return new pg.Pool({ connectionString: url.toString(), max: 4 });
}

export async function startRealtimeStack(): Promise<RealtimeStack> {
  const shared = fromEnvironment();
  if (shared) {
    const db = ownerPool(shared.dbUrl);
    return { ...shared, db, stop: () => db.end() };
  }
  const local = await startRealtimeTestStack();
  const db = ownerPool(local.cluster.url);
  return {
    apiUrl: local.apiUrl,
    anonKey: local.anonKey,
    dbUrl: local.cluster.url,
    tokenKey: local.signingKey,
    db,
    async stop() {
      await db.end();
      await local.stop();
    },
  };
}

/** A confirmed user with a profile (an admin's when asked), and the token GoTrue would give them. */
export async function createCustomer(stack: RealtimeStack, name: string, role: 'customer' | 'admin' = 'customer'): Promise<Customer> {
  const email = `${name}-${randomUUID()}@realtime.test`;
  const { rows } = await stack.db.query<{ id: string }>(
    `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at)
     values (gen_random_uuid(), 'authenticated', 'authenticated', $1, '{"provider":"email","providers":["email"]}', $2, now(), now(), now())
     returning id`,
    [email, JSON.stringify({ full_name: name })],
  );
  const id = rows[0]!.id;
  // The migrations' trigger creates the profile; the fixture has no trigger.
  await stack.db.query('insert into public.profiles (id, full_name) values ($1, $2) on conflict (id) do nothing', [id, name]);
  // Customers and admins write to each other; the owner may set the role the API never lets users set.
  if (role === 'admin') await stack.db.query(`update public.profiles set role = 'admin' where id = $1`, [id]);
  return { id, email, token: customerToken(stack, id, email) };
}

export function customerToken(stack: RealtimeStack, id: string, email: string, expiresInSeconds = 3600): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(
    {
      iss: `${stack.apiUrl}/auth/v1`,
      sub: id,
      aud: 'authenticated',
      exp: now + expiresInSeconds,
      iat: now,
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: now }],
      session_id: randomUUID(),
      is_anonymous: false,
    },
    stack.tokenKey,
  );
}

/** Inserts as the database owner (RLS does not apply), committed when this resolves. */
export async function insertMessage(stack: RealtimeStack, senderId: string, receiverId: string, content: string): Promise<Message> {
  const { rows } = await stack.db.query<Message>(
    `insert into public.user_messages (sender_id, receiver_id, content) values ($1, $2, $3)
     returning id, sender_id, receiver_id, content, is_read, created_at::text as created_at`,
    [senderId, receiverId, content],
  );
  return rows[0]!;
}
