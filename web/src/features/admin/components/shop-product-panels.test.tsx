// @vitest-environment jsdom
// The product card's panels on the shop's own catalogue (shop-variants-panel, shop-options-panel,
// shop-product-settings-panel, shop-product-removal), through the products page with a fake of
// supabase-js: what each asks of the database, and what it says before removing anything.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShopProduct } from '@/features/admin/api/shop-catalogue-queries';
import type { ShopOption } from '@/features/admin/api/shop-option-queries';
import ShopProductsPage from '@/features/admin/components/shop-products-page';

interface Write {
  table: string;
  op: 'insert' | 'update' | 'delete';
  values?: unknown;
  filters: Record<string, unknown>;
}

const { db } = vi.hoisted(() => ({
  db: {
    products: [] as ShopProduct[],
    options: [] as ShopOption[],
    retired: [] as { id: string; title: string; sku: string | null; retired_at: string }[],
    sold: new Set<string>(),
    collections: [] as { id: string; title: string }[],
    held: [] as string[],
    /** The error a variant's deletion meets (23503: sold meanwhile). */
    deleteError: null as { code: string } | null,
    writes: [] as Write[],
  },
}));

/** A fake of supabase-js's builder: filters are recorded, the answer is decided when awaited. */
function builder(table: string) {
  const write: Write = { table, op: 'insert', filters: {} };
  let reading = true;
  const read = (): unknown => {
    if (table === 'products') return db.products;
    if (table === 'product_options') return db.options;
    if (table === 'product_variants') return db.retired;
    if (table === 'order_items') return db.sold.has(write.filters.variant_id as string) ? [{ variant_id: write.filters.variant_id }] : [];
    if (table === 'collections') return db.collections;
    if (table === 'product_collections') return db.held.map((collection_id) => ({ collection_id }));
    return [];
  };
  const chain = {
    select: () => chain,
    is: () => chain,
    not: () => chain,
    order: () => chain,
    limit: () => chain,
    single: () => chain,
    eq: (column: string, value: unknown) => ((write.filters[column] = value), chain),
    insert: (values: unknown) => ((reading = false), Object.assign(write, { op: 'insert', values }), chain),
    update: (values: unknown) => ((reading = false), Object.assign(write, { op: 'update', values }), chain),
    delete: () => ((reading = false), Object.assign(write, { op: 'delete' }), chain),
    then: (resolve: (answer: { data: unknown; error: unknown }) => void) => {
      if (reading) return resolve({ data: structuredClone(read()), error: null });
      db.writes.push(structuredClone(write));
      if (write.op === 'delete' && table === 'product_variants' && db.deleteError) return resolve({ data: null, error: db.deleteError });
      if (write.op === 'insert') return resolve({ data: { id: `${table}_new` }, error: null });
      return resolve({ data: [{ id: write.filters.id }], error: null });
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

const variant = (id: string, title: string, position: number) => ({
  id,
  title,
  sku: null,
  price_in_cents: 1490,
  sale_price_in_cents: null,
  manage_inventory: false,
  inventory_quantity: null,
  position,
});

beforeEach(() => {
  db.products = [
    {
      id: 'prod_lune',
      title: 'Rituel de la Lune',
      subtitle: null,
      ribbon_text: null,
      description: null,
      status: 'published',
      position: 0,
      purchasable: true,
      type: 'digital',
      currency: 'eur',
      variants: [variant('var_pdf', 'PDF', 0), variant('var_audio', 'Audio', 1)],
    },
  ];
  db.options = [];
  db.retired = [];
  db.sold = new Set();
  db.collections = [{ id: 'col_rituels', title: 'Rituels' }];
  db.held = [];
  db.deleteError = null;
  db.writes = [];
});

async function renderCard() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ShopProductsPage />
    </QueryClientProvider>,
  );
  return screen.findByRole('article', { name: 'Rituel de la Lune' });
}

const writes = () => db.writes.map(({ table, op, values, filters }) => ({ table, op, values, filters }));
const variantSection = (card: HTMLElement, label: string) => within(card).getByRole('region', { name: `Variante ${label}` });

describe('removing a variant', () => {
  it('says an unsold variant will be deleted, then deletes it', async () => {
    const user = userEvent.setup();
    const section = variantSection(await renderCard(), 'Rituel de la Lune (PDF)');
    await user.click(within(section).getByRole('button', { name: 'Retirer ou supprimer…' }));
    const confirm = await within(section).findByRole('group', { name: 'Retirer ou supprimer Rituel de la Lune (PDF)' });
    expect(confirm.textContent).toContain('n’a jamais été vendue : elle sera supprimée définitivement');
    expect(writes()).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer la variante' }));
    await waitFor(() => expect(writes()).toEqual([{ table: 'product_variants', op: 'delete', values: undefined, filters: { id: 'var_pdf' } }]));
    // The variant leaves the card: the product's title holds the focus.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Rituel de la Lune'));
  });

  it('says a sold variant cannot be deleted and retires it instead', async () => {
    db.sold.add('var_audio');
    const user = userEvent.setup();
    const section = variantSection(await renderCard(), 'Rituel de la Lune (Audio)');
    await user.click(within(section).getByRole('button', { name: 'Retirer ou supprimer…' }));
    const confirm = await within(section).findByRole('group', { name: 'Retirer ou supprimer Rituel de la Lune (Audio)' });
    expect(confirm.textContent).toContain('a déjà été vendue : elle ne peut pas être supprimée');
    expect(confirm.textContent).toContain('les commandes passées, les factures et la bibliothèque de ses acheteurs la gardent');
    expect(within(confirm).queryByRole('button', { name: 'Supprimer la variante' })).toBeNull();
    await user.click(within(confirm).getByRole('button', { name: 'Retirer la variante' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({ table: 'product_variants', op: 'update', values: { retired_at: expect.any(String) }, filters: { id: 'var_audio' } });
  });

  it('offers to retire a variant sold since the question was asked, the database having refused its deletion', async () => {
    db.deleteError = { code: '23503' };
    const user = userEvent.setup();
    const section = variantSection(await renderCard(), 'Rituel de la Lune (PDF)');
    await user.click(within(section).getByRole('button', { name: 'Retirer ou supprimer…' }));
    await user.click(await within(section).findByRole('button', { name: 'Supprimer la variante' }));
    expect((await within(section).findByText(/vient d’être vendue : elle ne peut pas être supprimée/)).textContent).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Retirer la variante' }));
    await waitFor(() => expect(writes().map(({ op }) => op)).toEqual(['delete', 'update']));
  });

  it('cancels, writing nothing, and gives the focus back to its button', async () => {
    const user = userEvent.setup();
    const section = variantSection(await renderCard(), 'Rituel de la Lune (PDF)');
    await user.click(within(section).getByRole('button', { name: 'Retirer ou supprimer…' }));
    await user.click(await within(section).findByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Retirer ou supprimer…'));
    expect(writes()).toEqual([]);
  });

  it('puts a retired variant back on sale', async () => {
    db.retired = [{ id: 'var_ancienne', title: 'Ancienne édition', sku: 'LUNE-1', retired_at: '2026-11-01T10:00:00Z' }];
    const user = userEvent.setup();
    const card = await renderCard();
    const retired = await within(card).findByRole('region', { name: 'Variantes retirées' });
    await user.click(within(retired).getByRole('button', { name: 'Remettre en vente Rituel de la Lune (Ancienne édition)' }));
    await waitFor(() => expect(writes()).toEqual([{ table: 'product_variants', op: 'update', values: { retired_at: null }, filters: { id: 'var_ancienne' } }]));
  });
});

describe('variants and options', () => {
  it('renames a variant and gives it a reference', async () => {
    const user = userEvent.setup();
    const section = variantSection(await renderCard(), 'Rituel de la Lune (PDF)');
    await user.click(within(section).getByText('Modifier le nom et la référence'));
    const form = within(section).getByRole('form', { name: 'Nom et référence de Rituel de la Lune (PDF)' });
    await user.clear(within(form).getByLabelText('Nom de la variante *'));
    await user.click(within(form).getByRole('button', { name: 'Enregistrer la variante' }));
    expect(await within(form).findByText('Indiquez le nom de la variante.')).toBeTruthy();
    await user.type(within(form).getByLabelText('Nom de la variante *'), 'PDF illustré');
    await user.type(within(form).getByLabelText('Référence (SKU)'), ' LUNE-PDF ');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer la variante' }));
    await waitFor(() => expect(writes()).toEqual([{ table: 'product_variants', op: 'update', values: { title: 'PDF illustré', sku: 'LUNE-PDF' }, filters: { id: 'var_pdf' } }]));
  });

  it('adds a variant with its value for each option; a missing value is said beside its field, nothing typed lost', async () => {
    db.options = [{ id: 'opt_format', title: 'Format', position: 0, values: [{ id: 'val_pdf', variant_id: 'var_pdf', value: 'PDF' }] }];
    const user = userEvent.setup();
    const card = await renderCard();
    await user.click(await within(card).findByText('Ajouter une variante'));
    const form = within(card).getByRole('form', { name: 'Nouvelle variante de « Rituel de la Lune »' });
    await user.type(within(form).getByLabelText('Nom de la variante *'), 'Vidéo');
    await user.type(within(form).getByLabelText('Prix (€) *'), '24,90');
    await user.click(within(form).getByRole('button', { name: 'Ajouter la variante' }));
    const format = within(form).getByLabelText('Format *');
    await waitFor(() => expect(format.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(format.getAttribute('aria-describedby')!)?.textContent).toBe('Indiquez la valeur de cette option pour la variante.');
    expect((within(form).getByLabelText('Nom de la variante *') as HTMLInputElement).value).toBe('Vidéo');
    expect(writes()).toEqual([]);

    await user.type(format, 'Vidéo HD');
    await user.click(within(form).getByRole('button', { name: 'Ajouter la variante' }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()).toEqual([
      {
        table: 'product_variants',
        op: 'insert',
        values: { title: 'Vidéo', sku: null, price_in_cents: 2490, sale_price_in_cents: null, manage_inventory: false, inventory_quantity: null, product_id: 'prod_lune', position: 2 },
        filters: {},
      },
      { table: 'product_option_values', op: 'insert', values: [{ product_id: 'prod_lune', option_id: 'opt_format', variant_id: 'product_variants_new', value: 'Vidéo HD' }], filters: {} },
    ]);
  });

  it('adds an option, its values starting from the variants’ names', async () => {
    const user = userEvent.setup();
    const card = await renderCard();
    const options = await within(card).findByRole('region', { name: 'Options de « Rituel de la Lune »' });
    await user.click(within(options).getByText('Ajouter une option'));
    const form = within(options).getByRole('form', { name: 'Nouvelle option de « Rituel de la Lune »' });
    expect((within(form).getByLabelText('Audio *') as HTMLInputElement).value).toBe('Audio');
    await user.click(within(form).getByRole('button', { name: 'Ajouter l’option' }));
    expect(await within(form).findByText('Indiquez le nom de l’option, par exemple « Format ».')).toBeTruthy();
    await user.type(within(form).getByLabelText('Nom de l’option *'), 'Format');
    await user.click(within(form).getByRole('button', { name: 'Ajouter l’option' }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()).toEqual([
      { table: 'product_options', op: 'insert', values: { product_id: 'prod_lune', title: 'Format', position: 0 }, filters: {} },
      {
        table: 'product_option_values',
        op: 'insert',
        values: [
          { product_id: 'prod_lune', option_id: 'product_options_new', variant_id: 'var_pdf', value: 'PDF' },
          { product_id: 'prod_lune', option_id: 'product_options_new', variant_id: 'var_audio', value: 'Audio' },
        ],
        filters: {},
      },
    ]);
  });

  it('edits an option: only the values that changed are written, the missing one added', async () => {
    db.options = [{ id: 'opt_format', title: 'Format', position: 0, values: [{ id: 'val_pdf', variant_id: 'var_pdf', value: 'PDF' }] }];
    const user = userEvent.setup();
    const card = await renderCard();
    await user.click(await within(card).findByText('Option « Format »'));
    const form = within(card).getByRole('form', { name: 'Option « Format »' });
    await user.type(within(form).getByLabelText('Audio *'), 'MP3');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer l’option' }));
    await waitFor(() =>
      expect(writes()).toEqual([
        { table: 'product_option_values', op: 'insert', values: [{ product_id: 'prod_lune', option_id: 'opt_format', variant_id: 'var_audio', value: 'MP3' }], filters: {} },
      ]),
    );
  });
});

describe('the product itself', () => {
  it('sets whether it is for sale, its type and its collections, a new collection created by name', async () => {
    const user = userEvent.setup();
    const card = await renderCard();
    await user.click(within(card).getByText('Vente, type et collections'));
    await user.click(within(card).getByLabelText('En vente : les visiteurs peuvent l’ajouter au panier'));
    await user.selectOptions(within(card).getByLabelText('Type'), 'physical');
    await user.click(await within(card).findByLabelText('Rituels'));
    const create = within(card).getByRole('form', { name: 'Nouvelle collection' });
    await user.click(within(create).getByRole('button', { name: 'Créer et ajouter' }));
    expect(await within(create).findByText('Indiquez le nom de la collection.')).toBeTruthy();
    await user.type(within(create).getByLabelText('Nouvelle collection'), 'Pleine lune');
    await user.click(within(create).getByRole('button', { name: 'Créer et ajouter' }));
    await waitFor(() => expect(writes()).toHaveLength(5));
    expect(writes().map(({ table, op, values }) => ({ table, op, values }))).toEqual([
      { table: 'products', op: 'update', values: { purchasable: false, type: 'digital' } },
      { table: 'products', op: 'update', values: { purchasable: true, type: 'physical' } },
      { table: 'product_collections', op: 'insert', values: { product_id: 'prod_lune', collection_id: 'col_rituels', position: 0 } },
      { table: 'collections', op: 'insert', values: { title: 'Pleine lune', position: 0 } },
      { table: 'product_collections', op: 'insert', values: { product_id: 'prod_lune', collection_id: 'collections_new', position: 0 } },
    ]);
  });

  it('offers an imported product’s own type as it is, beside the shop’s', async () => {
    db.products[0]!.type = 'service';
    const type = within(await renderCard()).getByLabelText('Type') as HTMLSelectElement;
    expect([type.value, [...type.options].map((option) => option.textContent)]).toEqual(['service', ['Numérique (fichier, vidéo, audio)', 'Physique (expédié)', 'service']]);
  });

  it('says a deleted product leaves the shop while orders and the library keep it, then soft-deletes it', async () => {
    const user = userEvent.setup();
    const card = await renderCard();
    await user.click(within(card).getByRole('button', { name: 'Supprimer le produit…' }));
    const confirm = within(card).getByRole('group', { name: 'Supprimer « Rituel de la Lune »' });
    expect(confirm.textContent).toContain('disparaîtra de la boutique et de cette liste. Les commandes passées, les factures et la bibliothèque de ses acheteurs le gardent.');
    expect(writes()).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer le produit' }));
    await waitFor(() => expect(writes()).toEqual([{ table: 'products', op: 'update', values: { deleted_at: expect.any(String) }, filters: { id: 'prod_lune' } }]));
  });
});
