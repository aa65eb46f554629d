// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '@/features/cart/stores/cart-store';
import { buildProduct, buildVariant } from '@/testing/catalogue-fixtures';

const terms = {
  cgv_version: 4,
  cgv_label: "J'ai lu et j'accepte les conditions générales de vente (version 4).",
  immediate_access_label:
    "Je demande l'accès immédiat à mes contenus numériques et je reconnais perdre mon droit de rétractation dès leur mise à disposition.",
};
const rpc = vi.fn();
vi.mock('@/lib/supabase-loader', () => ({ loadSupabase: async () => ({ rpc }) }));

const product = buildProduct({ title: 'Rituel de la Pleine Lune' });
const video = buildVariant({ id: 'video', title: 'Vidéo', price_in_cents: 3000, sale_price_in_cents: 2000 });

// The cart store reads local storage when its module loads: seed first, then import.
async function renderPanel(lines: unknown[], onCheckout = vi.fn(), refusal: string | null = null) {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  vi.resetModules();
  const { default: CartPanel } = await import('@/features/cart/components/cart-panel');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <CartPanel open onOpenChange={vi.fn()} onCheckout={onCheckout} checkingOut={false} refusal={refusal} />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Panier Spirituel' }), onCheckout, queryClient };
}

describe('CartPanel', () => {
  // The first import transforms the panel and its libraries: not a test's time to spend.
  beforeAll(() => import('@/features/cart/components/cart-panel'), 60_000);
  beforeEach(() => {
    localStorage.clear();
    rpc.mockReset();
    rpc.mockResolvedValue({ data: terms, error: null });
  });

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

  it('blocks "Finaliser la Commande" until both boxes are ticked, with an error tied to each box', async () => {
    const user = userEvent.setup();
    const { dialog, onCheckout } = await renderPanel([{ product, variant: video, quantity: 1 }]);
    const cgv = await within(dialog).findByRole('checkbox', { name: terms.cgv_label });
    const access = within(dialog).getByRole('checkbox', { name: terms.immediate_access_label });
    expect(within(dialog).getByRole('link', { name: 'Lire les conditions générales de vente (version 4)' })).toHaveAttribute('href', '/cgv?version=4');

    await user.click(within(dialog).getByRole('button', { name: 'Finaliser la Commande' }));
    expect(onCheckout).not.toHaveBeenCalled();
    expect(cgv).toHaveAttribute('aria-invalid', 'true');
    expect(cgv).toHaveAccessibleDescription('Veuillez accepter les conditions générales de vente.');
    expect(access).toHaveAccessibleDescription("Veuillez demander l'accès immédiat et reconnaître la perte du droit de rétractation.");
    expect(cgv).toHaveFocus();

    await user.click(cgv);
    await user.click(within(dialog).getByRole('button', { name: 'Finaliser la Commande' }));
    expect(onCheckout).not.toHaveBeenCalled();
    expect(cgv).not.toHaveAttribute('aria-invalid');
    expect(access).toHaveFocus();

    await user.click(access);
    await user.click(within(dialog).getByRole('button', { name: 'Finaliser la Commande' }));
    expect(onCheckout).toHaveBeenCalledWith({ cgvVersion: 4, acceptsCgv: true, requestsImmediateAccess: true });
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows create-checkout's refusal above the button", async () => {
    const detail = "Les conditions générales de vente viennent d'être mises à jour : veuillez relire la nouvelle version et cocher à nouveau la case.";
    const { dialog } = await renderPanel([{ product, variant: video, quantity: 1 }], vi.fn(), detail);
    await within(dialog).findByRole('checkbox', { name: terms.cgv_label });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(detail);
  });

  it('unticks the CGV box when another version comes into force, and sends only the version shown', async () => {
    const user = userEvent.setup();
    const { dialog, onCheckout, queryClient } = await renderPanel([{ product, variant: video, quantity: 1 }]);
    await user.click(await within(dialog).findByRole('checkbox', { name: terms.cgv_label }));
    await user.click(within(dialog).getByRole('checkbox', { name: terms.immediate_access_label }));

    const newer = { ...terms, cgv_version: 5, cgv_label: "J'ai lu et j'accepte les conditions générales de vente (version 5)." };
    rpc.mockResolvedValue({ data: newer, error: null });
    await queryClient.invalidateQueries();
    const cgv = await within(dialog).findByRole('checkbox', { name: newer.cgv_label });
    expect(cgv).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: terms.immediate_access_label })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Finaliser la Commande' }));
    expect(onCheckout).not.toHaveBeenCalled();

    await user.click(cgv);
    await user.click(within(dialog).getByRole('button', { name: 'Finaliser la Commande' }));
    expect(onCheckout).toHaveBeenCalledWith({ cgvVersion: 5, acceptsCgv: true, requestsImmediateAccess: true });
  });

  it('offers no checkout while no CGV is published', async () => {
    rpc.mockResolvedValue({ data: { ...terms, cgv_version: null }, error: null });
    const { dialog } = await renderPanel([{ product, variant: video, quantity: 1 }]);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('ses conditions générales de vente ne sont pas publiées');
    expect(within(dialog).getByRole('button', { name: 'Finaliser la Commande' })).toBeDisabled();
  });
});
