// The sandbox's tests-only stand-ins for hPanel (server.ts, `/__sandbox/orders/{id}/…`), as the
// contract tests, the journeys and the Deno function tests call them: web APIs only, so Node and
// Deno share this one client.
import type { RefundInstruction } from './hostinger/orders.ts';

async function inHpanel(sandboxUrl: string, orderId: string, action: 'refund' | 'cancel', instruction: RefundInstruction = {}): Promise<void> {
  const response = await fetch(`${sandboxUrl}/__sandbox/orders/${encodeURIComponent(orderId)}/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(instruction),
  });
  if (!response.ok) throw new Error(`hPanel ${action} of ${orderId}: HTTP ${response.status} ${await response.text()}`);
  await response.body?.cancel();
}

/** A refund made in hPanel: some lines returned (by variant), a bare amount, or with neither all that is left. */
export const refundInHpanel = (sandboxUrl: string, orderId: string, instruction: RefundInstruction = {}) => inHpanel(sandboxUrl, orderId, 'refund', instruction);

/** An order canceled in hPanel: its money given back. */
export const cancelInHpanel = (sandboxUrl: string, orderId: string) => inHpanel(sandboxUrl, orderId, 'cancel');
