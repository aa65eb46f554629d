import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '@/features/cart/stores/cart-store';
import { buildProduct, buildVariant } from '@/testing/catalogue-fixtures';

const product = buildProduct({ title: 'Rituel de la Pleine Lune' });
const video = buildVariant({ id: 'video', title: 'Vidéo', price_in_cents: 3000, sale_price_in_cents: 2000 });

// The cart store reads local storage when its module loads: seed first, then import.
async function renderPanel(lines: unknown[], onCheckout = vi.fn()) {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  vi.resetModules();
  const { default: CartPanel } = await import('@/features/cart/components/cart-panel');
  render(<CartPanel open onOpenChange={vi.fn()} onCheckout={onCheckout} checkingOut={false} />);
  return { dialog: screen.getByRole('dialog', { name: 'Panier Spirituel' }), onCheckout };
}

describe('CartPanel', () => {
  beforeEach(() => localStorage.clear());

  it('says the cart is empty and offers no checkout', async () => {
    const { dialog } = await renderPanel([]);
    expect(within(dialog).getByText('Votre panier est vide.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Finaliser la Commande' })).not.toBeInTheDocument();
  });

  it('shows each line with its image, titles and effective unit price, and the total', async () => {
    const { dialog } = await renderPanel([{ product, variant: video, quantity: 2 }]);
    const line = within(dialog).getByRole('listitem', { name: 'Rituel de la Pleine Lune (Vidéo)' });
    expect(within(line).getByRole('img', { name: 'Rituel de la Pleine Lune' })).toBeInTheDocument();
    expect(within(line).getByText('Vidéo')).toBeInTheDocument();
    expect(within(line).getByText('20,00 €')).toBeInTheDocument();
    expect(within(dialog).getByText('Total').nextElementSibling).toHaveTextContent('40,00 €');
  });

  it('disables minus at 1, lets plus rise, and removes a line', async () => {
    const user = userEvent.setup();
    const { dialog } = await renderPanel([{ product, variant: video, quantity: 1 }]);
    const line = within(dialog).getByRole('listitem', { name: 'Rituel de la Pleine Lune (Vidéo)' });
    expect(within(line).getByRole('button', { name: 'Diminuer la quantité' })).toBeDisabled();
    await user.click(within(line).getByRole('button', { name: 'Augmenter la quantité' }));
    expect(within(line).getByText('2')).toBeInTheDocument();
    expect(within(line).getByRole('button', { name: 'Diminuer la quantité' })).toBeEnabled();
    await user.click(within(line).getByRole('button', { name: 'Retirer' }));
    expect(within(dialog).getByText('Votre panier est vide.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null')).toEqual([]);
  });

  it('starts the checkout from "Finaliser la Commande"', async () => {
    const { dialog, onCheckout } = await renderPanel([{ product, variant: video, quantity: 1 }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Finaliser la Commande' }));
    expect(onCheckout).toHaveBeenCalledTimes(1);
  });
});
