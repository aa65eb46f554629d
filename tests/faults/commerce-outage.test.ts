// The commerce service is down, answers 500 or answers garbage: the functions answer 502 with a
// clear error and write nothing; once it is back, the same calls succeed.
import { expect, it } from 'vitest';
import { useOwnStack } from '../support/own-stack.ts';
import { commerceFault, createCheckout, emailOf, newCustomer, pay } from '../support/shop.ts';

const own = useOwnStack({ db: true });

const line = [{ variant_id: 'var_souffle_sacre', quantity: 1 }];
const countRows = async (table: string, userId: string) =>
  (await own.db.query<{ n: number }>(`select count(*)::int as n from public.${table} where user_id = $1`, [userId])).rows[0]!.n;

async function errorOf(result: { error: unknown }): Promise<{ status: number; body: { error?: { code?: string; message?: string } } }> {
  const context = (result.error as { context?: Response } | null)?.context;
  if (!context) throw new Error('expected an HTTP error from the function');
  return { status: context.status, body: (await context.json()) as { error?: { code?: string; message?: string } } };
}

const outages = { down: 'is down', error: 'answers 500', garbage: 'answers garbage' } as const;

for (const [mode, what] of Object.entries(outages) as Array<[keyof typeof outages, string]>) {
  it(`answers 502 and writes nothing when the commerce service ${what}`, async () => {
    const { supabase, userId } = await newCustomer(own.env, `outage-${mode}`);
    const { data, error } = await createCheckout(own.env, supabase, line);
    expect(error).toBeNull();
    const sessionId = await pay(data!.url, await emailOf(supabase));

    await commerceFault(own.env, mode);
    try {
      const checkout = await errorOf(await createCheckout(own.env, supabase, line));
      expect(checkout.status).toBe(502);
      expect(checkout.body.error?.message).toMatch(/\S/);
      const record = await errorOf(await supabase.functions.invoke('record-order', { body: { checkout_id: sessionId } }));
      expect(record.status).toBe(502);
      expect(await countRows('orders', userId)).toBe(0);
      expect(await countRows('checkout_sessions', userId)).toBe(1);
    } finally {
      await commerceFault(own.env, 'none');
    }

    const recorded = await supabase.functions.invoke<{ order_id: string }>('record-order', { body: { checkout_id: sessionId } });
    expect(recorded.error).toBeNull();
    expect(await countRows('orders', userId)).toBe(1);
  });
}
