// Refunds and disputes over real HTTP: whole or by line, answered again for a repeated key, never
// twice for one line; disputes opened then won or lost; both in the session look-up and in the
// listings the shop's reconciliation reads; and surviving a restart.
import { describe, expect, it } from 'vitest';
import { getJson, paidSession, postCheckout, postJson, startSandbox, storePath, tempDataDir, useSandbox } from './test-support.ts';

const shop = useSandbox();
const twoLines = [{ variant_id: 'var_eveil_du_coeur', quantity: 1 }, { variant_id: 'var_gratitude', quantity: 2 }];

interface RefundView { id: string; session_id: string; amount_cents: number; lines: Array<{ variant_id: string; quantity: number; amount_cents: number }>; reason: string; created_at: string; message?: string }
interface SessionWithRefunds { refunded_cents: number; refunds: RefundView[]; dispute: { id: string; status: string; opened_at: string; closed_at: string | null } | null }

const refund = (id: string, body: Record<string, unknown>) => postJson<RefundView>(storePath(shop.sandbox, `/checkout/${id}/refunds`), body);
const dispute = (id: string, status: string) => postJson<{ status?: string; message?: string }>(`${shop.sandbox.url}/__sandbox/dispute`, { session_id: id, status });
const session = async (id: string) => (await getJson<SessionWithRefunds>(storePath(shop.sandbox, `/checkout/${id}`))).body;

describe('POST /store/{store}/checkout/{id}/refunds', () => {
  it('refunds one line, then the rest, each line once and at what was paid', async () => {
    const id = await paidSession(shop.sandbox, twoLines);
    const first = await refund(id, { variant_ids: ['var_gratitude'], reason: 'Doublon', idempotency_key: 'k1' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ session_id: id, amount_cents: 2 * 700, reason: 'Doublon', lines: [{ variant_id: 'var_gratitude', quantity: 2, amount_cents: 1400 }] });
    expect(first.body.id).toMatch(/^re_[0-9a-f]{24}$/);
    expect((await refund(id, { variant_ids: ['var_gratitude'] })).status).toBe(409);
    const rest = await refund(id, {});
    expect(rest.status).toBe(201);
    expect(rest.body.lines.map((line) => line.variant_id)).toEqual(['var_eveil_du_coeur']);
    expect((await refund(id, {})).status).toBe(409);
    const view = await session(id);
    expect(view.refunded_cents).toBe(1400 + 2900);
    expect(view.refunds.map((r) => r.id)).toEqual([first.body.id, rest.body.id]);
    expect(view.refunds[0]).not.toHaveProperty('idempotency_key');
  });

  it('answers a repeated key with the same refund instead of refunding again', async () => {
    const id = await paidSession(shop.sandbox, twoLines);
    const [a, b] = await Promise.all([refund(id, { idempotency_key: 'double-click' }), refund(id, { idempotency_key: 'double-click' })]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect((await session(id)).refunds).toHaveLength(1);
  });

  it.each([
    ['an open session', 'open', {}, 409, /paid/],
    ['a line the session does not have', 'paid', { variant_ids: ['var_inconnu'] }, 400, /variant_ids/],
    ['an empty list of lines', 'paid', { variant_ids: [] }, 400, /variant_ids/],
    ['a reason that is not text', 'paid', { reason: 3 }, 400, /reason/],
  ])('refuses %s', async (_, state, body, status, message) => {
    const id = state === 'paid' ? await paidSession(shop.sandbox, twoLines) : (await postCheckout(shop.sandbox, twoLines)).body.session_id!;
    const answer = await refund(id, body);
    expect(answer.status).toBe(status);
    expect(answer.body.message).toMatch(message);
  });

  it('answers 404 for an unknown session', async () => {
    expect((await refund('cs_inconnu', {})).status).toBe(404);
  });
});

describe('disputes', () => {
  it('opens then closes won, after which the shop may still refund', async () => {
    const id = await paidSession(shop.sandbox, twoLines);
    expect((await dispute(id, 'won')).status).toBe(409);
    expect((await dispute(id, 'open')).status).toBe(200);
    expect((await session(id)).dispute).toMatchObject({ status: 'open', closed_at: null });
    expect((await refund(id, {})).status).toBe(409);
    expect((await dispute(id, 'open')).status).toBe(409);
    expect((await dispute(id, 'won')).status).toBe(200);
    expect((await session(id)).dispute?.closed_at).not.toBeNull();
    expect((await refund(id, {})).status).toBe(201);
  });

  it('closed lost, the money is gone and nothing more can be refunded', async () => {
    const id = await paidSession(shop.sandbox, twoLines);
    await dispute(id, 'open');
    expect((await dispute(id, 'lost')).status).toBe(200);
    expect((await session(id)).dispute?.status).toBe('lost');
    expect((await refund(id, {})).status).toBe(409);
  });

  it('refuses an unknown status or session', async () => {
    const id = await paidSession(shop.sandbox, twoLines);
    expect((await dispute(id, 'perhaps')).status).toBe(400);
    expect((await dispute('cs_inconnu', 'open')).status).toBe(404);
  });
});

describe('the listings', () => {
  it('list refunds and disputes made since a time, and need that time', async () => {
    const since = new Date().toISOString();
    const id = await paidSession(shop.sandbox, twoLines);
    const made = await refund(id, { variant_ids: ['var_eveil_du_coeur'] });
    const other = await paidSession(shop.sandbox, twoLines);
    await dispute(other, 'open');
    const refunds = (await getJson<{ refunds: RefundView[] }>(storePath(shop.sandbox, `/refunds?since=${since}`))).body.refunds;
    expect(refunds.map((r) => r.id)).toEqual([made.body.id]);
    const disputes = (await getJson<{ disputes: Array<{ session_id: string; status: string }> }>(storePath(shop.sandbox, `/disputes?since=${since}`))).body.disputes;
    expect(disputes).toEqual([expect.objectContaining({ session_id: other, status: 'open' })]);
    expect((await getJson(storePath(shop.sandbox, `/refunds?since=${new Date(Date.now() + 60_000).toISOString()}`))).body).toEqual({ refunds: [] });
    expect((await getJson(storePath(shop.sandbox, '/refunds'))).status).toBe(400);
  });
});

it('keeps refunds and disputes across a restart', async () => {
  const data = tempDataDir();
  try {
    let sandbox = await startSandbox(data.dir);
    const id = await paidSession(sandbox, twoLines);
    await postJson(storePath(sandbox, `/checkout/${id}/refunds`), { variant_ids: ['var_gratitude'], idempotency_key: 'k' });
    await postJson(`${sandbox.url}/__sandbox/dispute`, { session_id: id, status: 'open' });
    await sandbox.close();
    sandbox = await startSandbox(data.dir);
    const view = (await getJson<SessionWithRefunds>(storePath(sandbox, `/checkout/${id}`))).body;
    expect(view.refunded_cents).toBe(1400);
    expect(view.dispute?.status).toBe('open');
    expect((await postJson(storePath(sandbox, `/checkout/${id}/refunds`), { idempotency_key: 'k' })).status).toBe(200);
    await sandbox.close();
  } finally {
    data.remove();
  }
});
