// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserOrder } from '@/features/admin/api/get-user-orders';
import { RefundForm } from '@/features/admin/components/refund-form';

const { invoke } = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('@/lib/supabase', () => ({ supabase: { functions: { invoke } } }));

const order: UserOrder = {
  id: 'order-1',
  created_at: '2026-11-26T10:15:00Z',
  total_amount_cents: 2400,
  currency: 'eur',
  status: 'completed',
  payment_status: 'paid',
  refunded_amount_cents: 0,
  order_items: [{ id: 'item-1', product_title: 'Souffle sacré', variant_title: null, quantity: 2, price_per_item_cents: 1200, refunded_at: null }],
};

const refusal = (code: string, message: string, detail: string) =>
  new FunctionsHttpError(new Response(JSON.stringify({ error: { code, message, detail } }), { status: 409, headers: { 'Content-Type': 'application/json' } }));

async function refuseWith(error: FunctionsHttpError) {
  invoke.mockResolvedValue({ data: null, error });
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RefundForm order={order} userId="user-1" onDone={onDone} />
    </QueryClientProvider>,
  );
  await userEvent.type(screen.getByRole('textbox', { name: 'Motif' }), 'Achat en double');
  await userEvent.click(screen.getByRole('button', { name: 'Rembourser' }));
  await userEvent.click(screen.getByRole('button', { name: 'Confirmer le remboursement' }));
  return onDone;
}

describe('RefundForm', () => {
  beforeEach(() => invoke.mockReset());

  it('tells the administrator to refund a Hostinger payment in hPanel, as it shows any refusal', async () => {
    const detail =
      'Ce paiement se rembourse dans hPanel, où Hostinger tient les commandes de la boutique (https://hpanel.hostinger.com/). La boutique enregistre l’avoir et retire l’accès dès qu’elle voit le remboursement, dans la minute qui suit.';
    const onDone = await refuseWith(refusal('refund_at_provider', 'Remboursement à faire dans hPanel', detail));
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
    expect(invoke).toHaveBeenCalledWith('refund-order', { body: expect.objectContaining({ order_id: 'order-1', reason: 'Achat en double', offline: false }) });
    // The form stays open on the message; the reconciliation records the refund once made in hPanel.
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows the other refusals the same way', async () => {
    const detail = 'Les lignes choisies ont déjà été remboursées ; rechargez la commande.';
    await refuseWith(refusal('already_refunded', 'Déjà remboursé', detail));
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
  });
});
