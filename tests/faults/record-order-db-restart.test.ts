// The database restarts during a burst of record-order calls: no order is half-written, calls
// retried after the restart succeed, and every paid session ends with exactly one order.
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { expect, it } from 'vitest';
import { restartCluster } from '../../scripts/db/cluster.ts';
import { useOwnStack } from '../support/own-stack.ts';
import { createCheckout, emailOf, newCustomer, pay } from '../support/shop.ts';

// The cluster restarts mid-test: no database client from the hooks, one opened afterwards.
const own = useOwnStack();

const lines = [
  { variant_id: 'var_eveil_du_coeur', quantity: 1 },
  { variant_id: 'var_meditation_lumiere_interieure_20_minutes', quantity: 2 },
];

it('records each paid session exactly once across a database restart', async () => {
  // Eight buyers, one paid session each: a buyer may keep only three checkouts pending at once.
  const sessions: string[] = [];
  const buyers = new Map<string, SupabaseClient>();
  for (let i = 0; i < 8; i++) {
    const { supabase } = await newCustomer(own.env, `restart-${i}`);
    const { data, error } = await createCheckout(own.env, supabase, lines);
    expect(error).toBeNull();
    const sessionId = await pay(data!.url, await emailOf(supabase));
    sessions.push(sessionId);
    buyers.set(sessionId, supabase);
  }

  const record = (sessionId: string) => buyers.get(sessionId)!.functions.invoke<{ order_id: string }>('record-order', { body: { checkout_id: sessionId } });
  // Three calls per session, and the database restarts while they are in flight.
  const burst = Promise.allSettled(sessions.flatMap((id) => [record(id), record(id), record(id)]));
  await new Promise((r) => setTimeout(r, 30));
  await restartCluster(own.stack.cluster);
  const first = await burst;
  expect(first.length).toBe(24);

  // Asking again until each session answers proves recovery: the first calls after the restart
  // may meet connections the restart cut, and nothing announces that the function's pool has new
  // ones. The test's timeout bounds it, not a count that a loaded machine can run out; the ids
  // must agree.
  const orderIds = new Map<string, string>();
  for (const id of sessions) {
    while (!orderIds.has(id)) {
      const { data } = await record(id);
      if (data?.order_id) orderIds.set(id, data.order_id);
      else await new Promise((r) => setTimeout(r, 250));
    }
  }
  expect(orderIds.size).toBe(sessions.length);

  const db = new pg.Client({ connectionString: own.stack.dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ checkout_session_id: string; id: string; items: number; quantity: number; total_amount_cents: number }>(
      `select o.checkout_session_id, o.id, count(i.id)::int as items, sum(i.quantity)::int as quantity, o.total_amount_cents
       from public.orders o left join public.order_items i on i.order_id = o.id
       where o.checkout_session_id = any($1) group by o.id`,
      [sessions],
    );
    expect(rows).toHaveLength(sessions.length);
    for (const row of rows) {
      expect(row.id).toBe(orderIds.get(row.checkout_session_id));
      expect(row.items).toBe(2);
      expect(row.quantity).toBe(3);
      expect(row.total_amount_cents).toBe(2900 + 2 * 1400);
    }
  } finally {
    await db.end();
  }
});
