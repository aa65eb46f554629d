// RGPD rights (issue #22) with the unmodified supabase-js over real HTTP, on a fresh stack of the
// file's own where the demo customer has made `npm start`'s demo purchase: they export their data
// (valid JSON with their order and its lines), a wrong password and other callers are refused,
// the last administrator cannot erase themselves, and the erasure signs them out for good, removes
// their stamped copy from Storage and leaves their id and e-mail in no column of any table, while
// the administrator still has the order, as « Client supprimé », and its invoice.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoCustomer } from '../../scripts/stack/demo-accounts.ts';
import { ensureDemoPurchase } from '../../scripts/stack/demo-purchase.ts';
import { deliverablesBucket } from '../../scripts/stack/sample-deliverables.ts';
import { useOwnStack } from '../support/own-stack.ts';
import { client, newCustomer } from '../support/shop.ts';

const own = useOwnStack({ db: true });
const demoAdmin = { email: 'admin@lumiere-sacree.test', password: 'admin-demo-2026' };

let customer: SupabaseClient;
let customerId: string;
let orderId: string;
let refreshToken: string;

async function signedIn(account: { email: string; password: string }): Promise<SupabaseClient> {
  const supabase = client(own.env);
  const { error } = await supabase.auth.signInWithPassword(account);
  if (error) throw new Error(`${account.email} cannot sign in: ${error.message}`);
  return supabase;
}

/** delete-account as the holder of `token`, with `password`: the status and the JSON body. */
interface DeleteAccountAnswer {
  erased?: boolean;
  error?: { code: string; message: string; detail?: string };
}

async function deleteAccount(token: string, password: string): Promise<{ status: number; body: DeleteAccountAnswer }> {
  const response = await fetch(`${own.env.SUPABASE_URL}/functions/v1/delete-account`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, apikey: own.env.SUPABASE_PUBLISHABLE_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  return { status: response.status, body: (await response.json()) as DeleteAccountAnswer };
}

const tokenOf = async (supabase: SupabaseClient) => (await supabase.auth.getSession()).data.session!.access_token;

beforeAll(async () => {
  const bought = await ensureDemoPurchase({ apiUrl: own.env.SUPABASE_URL, anonKey: own.env.SUPABASE_PUBLISHABLE_KEY, siteUrl: own.env.SITE_URL, customer: demoCustomer });
  expect(bought).toMatch(/^[0-9a-f-]{36}$/);
  orderId = bought;
  customer = await signedIn(demoCustomer);
  const session = (await customer.auth.getSession()).data.session!;
  customerId = session.user.id;
  refreshToken = session.refresh_token;
  // The teaching's stamped copy (buyers/<id>/…), a chat message to the administrator.
  const { data: pdf } = await customer.from('order_items').select('id').eq('order_id', orderId).eq('file_type', 'pdf').single();
  const link = await customer.functions.invoke('issue-download', { body: { order_item_id: pdf!.id, disposition: 'attachment' } });
  expect(link.error).toBeNull();
  const { data: admins } = await customer.from('profiles').select('id').eq('role', 'admin');
  const sent = await customer.from('user_messages').insert({ sender_id: customerId, receiver_id: admins![0]!.id, content: 'Bonjour, je vais supprimer mon compte.' });
  expect(sent.error).toBeNull();
}, 120_000);

describe('« Télécharger mes données »', () => {
  it('gives the demo customer valid JSON with their account, order and its lines, download and message', async () => {
    const { data, error } = await customer.rpc('export_my_data');
    expect(error).toBeNull();
    const document = JSON.parse(JSON.stringify(data)) as Record<string, any>;
    expect(document.account).toMatchObject({ id: customerId, email: demoCustomer.email });
    expect(document.profile).toMatchObject({ full_name: 'Claire Martin' });
    expect(document.orders.map((order: { id: string }) => order.id)).toEqual([orderId]);
    expect(document.orders[0].items).toHaveLength(3);
    expect(document.downloads).toHaveLength(1);
    expect(document.chat_messages.map((message: { content: string }) => message.content)).toEqual(['Bonjour, je vais supprimer mon compte.']);
  });

  it('is refused to anon and gives another customer nothing of theirs', async () => {
    const anon = await client(own.env).rpc('export_my_data');
    expect(anon.error).toMatchObject({ code: '42501' });
    const other = (await newCustomer(own.env, 'curieux')).supabase;
    const { data } = await other.rpc('export_my_data');
    expect(JSON.stringify(data)).not.toContain(demoCustomer.email);
    expect(JSON.stringify(data)).not.toContain(orderId);
  });
});

describe('« Supprimer mon compte »', () => {
  it('is refused without a signed-in caller, and with a wrong password, in French', async () => {
    expect((await deleteAccount(own.env.SUPABASE_PUBLISHABLE_KEY, demoCustomer.password)).status).toBe(401);
    const wrong = await deleteAccount(await tokenOf(customer), 'pas-le-bon');
    expect(wrong).toEqual({
      status: 403,
      body: { error: { code: 'wrong_password', message: 'Mot de passe incorrect', detail: "Le mot de passe saisi ne correspond pas à votre compte. Votre compte n'a pas été supprimé." } },
    });
    expect((await customer.from('orders').select('id')).data).toHaveLength(1);
  });

  it('erases only the caller: another customer giving the demo customer\'s password is refused', async () => {
    const other = (await newCustomer(own.env, 'intrus')).supabase;
    expect((await deleteAccount(await tokenOf(other), demoCustomer.password)).status).toBe(403);
    expect((await customer.from('profiles').select('id').eq('id', customerId)).data).toHaveLength(1);
  });

  it('never erases the last administrator', async () => {
    const admin = await signedIn(demoAdmin);
    const refused = await deleteAccount(await tokenOf(admin), demoAdmin.password);
    expect(refused).toMatchObject({
      status: 409,
      body: { error: { code: 'last_admin', detail: 'Impossible de supprimer ce compte : la boutique doit garder au moins un administrateur.' } },
    });
    expect((await admin.from('profiles').select('role').eq('role', 'admin')).data).toHaveLength(1);
  });

  it('erases the demo customer: signed out for good, no trace in any table or in Storage; the order stays for the accounts', async () => {
    expect(await deleteAccount(await tokenOf(customer), demoCustomer.password)).toEqual({ status: 200, body: { erased: true } });

    const again = await client(own.env).auth.signInWithPassword(demoCustomer);
    expect(again.error).toMatchObject({ code: 'invalid_credentials' });
    const refreshed = await client(own.env).auth.refreshSession({ refresh_token: refreshToken });
    expect(refreshed.error).not.toBeNull();

    const places = async (value: string) => (await own.db.query<{ place: string }>('select private.columns_holding($1) as place', [value])).rows.map((row) => row.place);
    expect(await places(customerId)).toEqual([]);
    expect(await places(demoCustomer.email)).toEqual([]);
    const service = client(own.env, own.env.SUPABASE_SECRET_KEY);
    const copies = await service.storage.from(deliverablesBucket).list(`buyers/${customerId}`);
    expect(copies.data).toEqual([]);

    const admin = await signedIn(demoAdmin);
    const { data: exported } = await admin.rpc('admin_orders_export', { p_days: 7 });
    expect((exported as Array<{ order_id: string }>).find((row) => row.order_id === orderId)).toMatchObject({ customer_email: null, customer_name: 'Client supprimé' });
    const kept = await own.db.query('select user_id, invoice_buyer from public.orders where id = $1', [orderId]);
    expect(kept.rows).toEqual([{ user_id: null, invoice_buyer: { full_name: 'Claire Martin' } }]);
  });
});
