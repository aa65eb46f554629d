// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShopProduct } from '@/features/admin/api/shop-catalogue-queries';
import ShopProductsPage from '@/features/admin/components/shop-products-page';
import { formatPrice } from '@/lib/format-price';

/** What the page asked of the database: each write, as supabase-js would send it. */
interface Write {
  table: string;
  op: 'insert' | 'update' | 'delete';
  values?: Record<string, unknown>;
  id?: unknown;
}

const { db } = vi.hoisted(() => ({
  db: { products: [] as ShopProduct[], writes: [] as Write[], refuseUpdates: false },
}));

/** A fake of supabase-js's builder: filters are recorded, the answer is decided when awaited. */
function builder(table: string) {
  const call: Write & { single?: boolean } = { table, op: 'insert' };
  let reading = true;
  const chain = {
    select: () => chain,
    is: () => chain,
    order: () => chain,
    single: () => ((call.single = true), chain),
    eq: (_column: string, value: unknown) => ((call.id = value), chain),
    insert: (values: Record<string, unknown>) => ((reading = false), Object.assign(call, { op: 'insert', values }), chain),
    update: (values: Record<string, unknown>) => ((reading = false), Object.assign(call, { op: 'update', values }), chain),
    delete: () => ((reading = false), Object.assign(call, { op: 'delete' }), chain),
    then: (resolve: (answer: { data: unknown; error: unknown }) => void) => {
      // The product's panels (options, collections, retired variants) read other tables: none here.
      if (reading) return resolve({ data: table === 'products' ? structuredClone(db.products) : [], error: null });
      db.writes.push({ table: call.table, op: call.op, values: call.values, id: call.id });
      if (call.op === 'update') {
        if (db.refuseUpdates) return resolve({ data: [], error: null });
        const row = db.products.find((p) => p.id === call.id) ?? db.products.flatMap((p) => p.variants).find((v) => v.id === call.id);
        Object.assign(row!, call.values);
        return resolve({ data: [{ id: call.id }], error: null });
      }
      if (call.op === 'insert' && table === 'products') {
        db.products.push({ ...(call.values as unknown as ShopProduct), id: 'prod_new', purchasable: true, type: 'digital', currency: 'eur', variants: [] });
        return resolve({ data: { id: 'prod_new' }, error: null });
      }
      if (call.op === 'insert') db.products.find((p) => p.id === call.values!.product_id)!.variants.push({ ...(call.values as unknown as ShopProduct['variants'][number]), id: 'var_new' });
      return resolve({ data: null, error: null });
    },
  };
  return chain;
}

vi.mock('@/lib/supabase', () => ({
  supabase: {
    from: (table: string) => builder(table),
    rpc: async (name: string) => (name === 'admin_variant_files' ? { data: [], error: null } : { data: null, error: new Error(`unexpected rpc ${name}`) }),
  },
}));

const variant = (id: string, price: number, sale: number | null = null) => ({
  id,
  title: 'PDF',
  sku: null,
  price_in_cents: price,
  sale_price_in_cents: sale,
  manage_inventory: false,
  inventory_quantity: null,
  position: 0,
});
const product = (id: string, title: string, position: number, status: ShopProduct['status'], price: number): ShopProduct => ({
  id,
  title,
  subtitle: null,
  ribbon_text: null,
  description: null,
  status,
  position,
  purchasable: true,
  type: 'digital',
  currency: 'eur',
  variants: [variant(`var_${id}`, price)],
});

beforeEach(() => {
  db.products = [product('prod_aube', "Rituel de l'Aube", 10, 'published', 3900), product('prod_lune', 'Rituel de la Lune', 20, 'draft', 1490)];
  db.writes = [];
  db.refuseUpdates = false;
});

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ShopProductsPage />
    </QueryClientProvider>,
  );
}

/** A price as the storefront writes it, its no-break space as Testing Library reads it. */
const shown = (cents: number) => formatPrice(cents, 'eur').replace(/\s/g, ' ');
const card = (title: string) => screen.getByRole('article', { name: title });
const writes = () => db.writes.map(({ table, op, values, id }) => ({ table, op, values, id }));

describe('the products page on the shop’s own catalogue', () => {
  it('lists every product in the catalogue’s order with its status, prices as the storefront shows them', async () => {
    renderPage();
    await screen.findByRole('article', { name: "Rituel de l'Aube" });
    expect(screen.getAllByRole('article').map((article) => within(article).getByRole('heading', { level: 2 }).textContent)).toEqual(["Rituel de l'Aube", 'Rituel de la Lune']);
    expect(within(card("Rituel de l'Aube")).getByText('Publié')).toBeTruthy();
    expect(within(card('Rituel de la Lune')).getByText('Brouillon')).toBeTruthy();
    expect(within(card('Rituel de la Lune')).getByText(shown(1490))).toBeTruthy();
    expect(within(card('Rituel de la Lune')).getByText('Stock illimité')).toBeTruthy();
  });

  it('creates a draft with its first variant, the price typed in euros stored in cents, then focuses it', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('article', { name: "Rituel de l'Aube" });
    await user.click(screen.getByRole('button', { name: 'Ajouter un produit' }));
    const form = screen.getByRole('form', { name: 'Nouveau produit' });
    await user.type(within(form).getByLabelText('Titre *'), 'Méditation du Soir');
    await user.type(within(form).getByLabelText('Sous-titre'), 'Vingt minutes pour se poser');
    await user.type(within(form).getByLabelText('Nom de la variante *'), 'Audio');
    await user.type(within(form).getByLabelText('Prix (€) *'), '14,90');
    await user.click(within(form).getByLabelText('Suivre le stock (sinon, stock illimité)'));
    await user.type(within(form).getByLabelText('Quantité en stock *'), '5');
    await user.click(within(form).getByRole('button', { name: 'Créer le produit' }));

    await waitFor(() => expect(document.activeElement?.textContent).toBe('Méditation du Soir'));
    expect(writes()).toEqual([
      { table: 'products', op: 'insert', values: { title: 'Méditation du Soir', subtitle: 'Vingt minutes pour se poser', ribbon_text: null, position: 21, status: 'draft' }, id: undefined },
      {
        table: 'product_variants',
        op: 'insert',
        values: { product_id: 'prod_new', title: 'Audio', price_in_cents: 1490, sale_price_in_cents: null, manage_inventory: true, inventory_quantity: 5, position: 0 },
        id: undefined,
      },
    ]);
    expect(within(card('Méditation du Soir')).getByText('Brouillon')).toBeTruthy();
    expect(within(card('Méditation du Soir')).getByText('5 en stock')).toBeTruthy();
  });

  it('says what is wrong beside each field, writes nothing and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('article', { name: "Rituel de l'Aube" });
    await user.click(screen.getByRole('button', { name: 'Ajouter un produit' }));
    const form = screen.getByRole('form', { name: 'Nouveau produit' });
    await user.type(within(form).getByLabelText('Nom de la variante *'), 'PDF');
    await user.type(within(form).getByLabelText('Prix (€) *'), 'quatorze');
    await user.type(within(form).getByLabelText('Prix soldé (€)'), '20');
    await user.click(within(form).getByRole('button', { name: 'Créer le produit' }));

    const price = within(form).getByLabelText('Prix (€) *');
    await waitFor(() => expect(price.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(price.getAttribute('aria-describedby')!)?.textContent).toBe('Indiquez un prix en euros, par exemple 14,90.');
    expect(within(form).getByText('Indiquez le titre du produit.')).toBeTruthy();
    expect((price as HTMLInputElement).value).toBe('quatorze');
    expect((within(form).getByLabelText('Nom de la variante *') as HTMLInputElement).value).toBe('PDF');
    expect(db.writes).toEqual([]);
  });

  it('saves a variant’s price, sale price and stock in cents, then returns focus to its summary', async () => {
    const user = userEvent.setup();
    renderPage();
    const lune = await screen.findByRole('article', { name: 'Rituel de la Lune' });
    const summary = within(lune).getByText('Modifier le prix et le stock');
    await user.click(summary);
    const form = within(lune).getByRole('form', { name: 'Prix et stock de Rituel de la Lune' });
    expect((within(form).getByLabelText('Prix (€) *') as HTMLInputElement).value).toBe('14,90');
    await user.clear(within(form).getByLabelText('Prix (€) *'));
    await user.type(within(form).getByLabelText('Prix (€) *'), '12.5');
    await user.type(within(form).getByLabelText('Prix soldé (€)'), '9,9');
    await user.click(within(form).getByLabelText('Suivre le stock (sinon, stock illimité)'));
    await user.type(within(form).getByLabelText('Quantité en stock *'), '3');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le prix et le stock' }));

    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(writes()).toEqual([
      { table: 'product_variants', op: 'update', values: { price_in_cents: 1250, sale_price_in_cents: 990, manage_inventory: true, inventory_quantity: 3 }, id: 'var_prod_lune' },
    ]);
    expect(within(lune).getByText(shown(990))).toBeTruthy();
    expect(within(lune).getByText('3 en stock')).toBeTruthy();
  });

  it('edits a product’s texts', async () => {
    const user = userEvent.setup();
    renderPage();
    const lune = await screen.findByRole('article', { name: 'Rituel de la Lune' });
    await user.click(within(lune).getByText('Modifier les textes'));
    const form = within(lune).getByRole('form', { name: 'Textes de « Rituel de la Lune »' });
    await user.type(within(form).getByLabelText('Bandeau (ex. Nouveau)'), 'Nouveau');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer les textes' }));
    await waitFor(() => expect(writes()).toEqual([{ table: 'products', op: 'update', values: { title: 'Rituel de la Lune', subtitle: null, ribbon_text: 'Nouveau' }, id: 'prod_lune' }]));
    expect(await within(lune).findByText('Nouveau')).toBeTruthy();
  });

  it('publishes and unpublishes', async () => {
    const user = userEvent.setup();
    renderPage();
    const lune = await screen.findByRole('article', { name: 'Rituel de la Lune' });
    await user.click(within(lune).getByRole('button', { name: 'Publier' }));
    expect(await within(lune).findByText('Publié')).toBeTruthy();
    await user.click(within(card("Rituel de l'Aube")).getByRole('button', { name: 'Dépublier' }));
    await waitFor(() => expect(within(card("Rituel de l'Aube")).getByText('Brouillon')).toBeTruthy());
    expect(writes()).toEqual([
      { table: 'products', op: 'update', values: { status: 'published' }, id: 'prod_lune' },
      { table: 'products', op: 'update', values: { status: 'draft' }, id: 'prod_aube' },
    ]);
  });

  it('moves a product down by swapping places', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('article', { name: 'Rituel de la Lune' });
    expect((within(card("Rituel de l'Aube")).getByRole('button', { name: "Monter « Rituel de l'Aube »" }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(card("Rituel de l'Aube")).getByRole('button', { name: "Descendre « Rituel de l'Aube »" }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()).toEqual([
      { table: 'products', op: 'update', values: { position: 20 }, id: 'prod_aube' },
      { table: 'products', op: 'update', values: { position: 10 }, id: 'prod_lune' },
    ]);
    // Last now, it cannot go further down: its title holds the focus.
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Rituel de l'Aube"));
  });

  it('numbers the list afresh where places tie, writing only what changes', async () => {
    for (const row of db.products) row.position = 0;
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('article', { name: 'Rituel de la Lune' });
    await user.click(within(card('Rituel de la Lune')).getByRole('button', { name: 'Monter « Rituel de la Lune »' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()).toEqual([{ table: 'products', op: 'update', values: { position: 1 }, id: 'prod_aube' }]);
  });

  it('says a refused write in French and keeps the form as typed', async () => {
    db.refuseUpdates = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage();
    const lune = await screen.findByRole('article', { name: 'Rituel de la Lune' });
    await user.click(within(lune).getByText('Modifier le prix et le stock'));
    const form = within(lune).getByRole('form', { name: 'Prix et stock de Rituel de la Lune' });
    await user.clear(within(form).getByLabelText('Prix (€) *'));
    await user.type(within(form).getByLabelText('Prix (€) *'), '11');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le prix et le stock' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('Rechargez la page');
    expect((within(form).getByLabelText('Prix (€) *') as HTMLInputElement).value).toBe('11');
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
