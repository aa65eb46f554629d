// Shared by the function tests: the stack given by env, customers signed up through supabase-js,
// raw function calls (to see statuses), the sandbox's catalogue, and its payment page driven over
// HTTP the way a browser submits it.
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';

function required(name: string): string {
  const value = Deno.env.get(name);
  if (!value) {
    throw new Error(`${name} is not set: run these tests through \`npm test\` or \`npx tsx scripts/stack/functions/run-deno-tests.ts\`, which start a throwaway stack.`);
  }
  return value;
}

export const env = {
  supabaseUrl: required('SUPABASE_URL'),
  /** The publishable key (the anon role) and the secret key (the service role). */
  anonKey: required('SUPABASE_PUBLISHABLE_KEY'),
  serviceRoleKey: required('SUPABASE_SECRET_KEY'),
  commerceUrl: required('COMMERCE_API_URL').replace(/\/+$/, ''),
  storeId: required('COMMERCE_STORE_ID'),
  /** The Bearer token of the sandbox's Ecommerce API, as hPanel would make one. */
  hostingerApiToken: required('HOSTINGER_API_TOKEN'),
  siteUrl: required('SITE_URL'),
  /** The mail sandbox the stack runs in place of Resend, and its key. */
  mailApiUrl: required('MAIL_API_URL').replace(/\/+$/, ''),
  mailApiKey: required('MAIL_API_KEY'),
  /** The scheduled reconciliation's own credential (Vault's `reconcile_checkouts_secret`). */
  reconcileJobSecret: required('RECONCILE_CHECKOUTS_SECRET'),
  adminEmails: (Deno.env.get('ADMIN_EMAILS') ?? 'admin@lumiere-sacree.test').split(',').map((a) => a.trim().toLowerCase()).filter(Boolean),
};

// No timers left behind: Deno's test sanitizers would flag the auto-refresh interval.
const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

export const service: SupabaseClient = createClient(env.supabaseUrl, env.serviceRoleKey, options);

export interface Customer {
  user: User;
  email: string;
  token: string;
  /** Signed in as this customer: RLS applies. */
  client: SupabaseClient;
}

/**
 * A customer signed up through supabase-js. Confirmations are on (config.toml), so the service
 * role confirms the address through GoTrue's admin API, as following the mailed link would,
 * and the customer then signs in with the password.
 */
export async function signUpCustomer(label = 'buyer'): Promise<Customer> {
  const client = createClient(env.supabaseUrl, env.anonKey, options);
  const email = `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const password = 'lumiere-test-2026';
  const signUp = await client.auth.signUp({ email, password, options: { data: { full_name: `Test ${label}` } } });
  if (signUp.error || !signUp.data.user) throw new Error(`sign-up failed: ${signUp.error?.message ?? 'no user'}`);
  const confirmed = await service.auth.admin.updateUserById(signUp.data.user.id, { email_confirm: true });
  if (confirmed.error) throw new Error(`confirmation failed: ${confirmed.error.message}`);
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session || !data.user) throw new Error(`sign-in failed: ${error?.message ?? 'no session'}`);
  return { user: data.user, email, token: data.session.access_token, client };
}

/** A signed-up customer the service role then makes an administrator. */
export async function signUpAdmin(): Promise<Customer> {
  const admin = await signUpCustomer('admin');
  const { error } = await service.from('profiles').update({ role: 'admin' }).eq('id', admin.user.id);
  if (error) throw new Error(`granting the role: ${error.message}`);
  return admin;
}

export interface FunctionAnswer {
  status: number;
  // Tests read arbitrary fields of the answers.
  body: any;
}

/** POSTs JSON to a function as supabase-js would, with `token` as the bearer. */
export async function callFunction(name: string, body: unknown, token: string = env.anonKey): Promise<FunctionAnswer> {
  const response = await fetch(`${env.supabaseUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: env.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: the raw text is what the test sees.
  }
  return { status: response.status, body: parsed };
}

/** What the caller's own rows look like to the service role: proves what was (not) written. */
export async function writesOf(userId: string): Promise<{ checkouts: number; orders: number }> {
  const count = async (table: string) => {
    const { count, error } = await service.from(table).select('*', { count: 'exact', head: true }).eq('user_id', userId);
    if (error) throw new Error(`counting ${table}: ${error.message}`);
    return count ?? 0;
  };
  return { checkouts: await count('checkout_sessions'), orders: await count('orders') };
}
