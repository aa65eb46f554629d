// `npm run catalogue:import` against the Hostinger double of a stack of the file's own, its catalogue
// empty at first: a dry run writes nothing; the first import makes the storefront's read of the shop's
// tables answer what the double's storefront answers, its pictures copied into the bucket at both
// sizes; a second run writes and downloads nothing (the audit stays as it was); a store changed on
// the wire (a title, a price, the stock, a new variant, a variant and a product gone, a picture's URL)
// is carried over, a gone variant retired, a gone product soft-deleted, a replaced picture's copy
// removed; the token brings the draft only the Ecommerce API lists; a picture the store cannot serve
// is reported and keeps its URL; `--keep-image-urls` keeps the store's URLs; a wrong token, a wrong
// key and an unreachable store fail, saying so.
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../lib/free-port.ts';
import { runScript } from '../lib/processes.ts';
import { nodeClient } from '../lib/supabase-client.ts';
import { testStackRateLimits } from '../stack/auth/rate-limit-settings.ts';
import { startLocalStack, type LocalStack } from '../stack/launch.ts';
import { productSeeds } from '../commerce-sandbox/catalogue-data.ts';
import { productImageSizes, productImagesBucket, storedImageSizes } from '../../web/src/lib/product-image-sizes.ts';
import { importCatalogue, reportLines, type ImportReport } from './import.ts';
import { readStore, type StoreSource } from './read-store.ts';
import { copyFolder, type ImageCounts } from './store-images.ts';
import type { Raw } from './store-rows.ts';

let stack: LocalStack;
let anon: SupabaseClient;
let service: SupabaseClient;
let db: pg.Client;

beforeAll(async () => {
  stack = await startLocalStack({ persistent: false, siteUrl: 'http://127.0.0.1:5173', authRateLimits: testStackRateLimits });
  anon = nodeClient(stack.apiUrl, stack.publishableKey);
  service = nodeClient(stack.apiUrl, stack.secretKey);
  db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
}, 180_000);

afterAll(async () => {
  await db?.end();
  await stack?.stop();
}, 60_000);

const storefront = (): StoreSource => ({ storefrontUrl: stack.commerceUrl!, storeId: stack.storeId });
const withToken = (token = stack.env.HOSTINGER_API_TOKEN!): StoreSource => ({ ...storefront(), ecommerce: { apiUrl: stack.commerceUrl!, token } });

/** Runs the command as an operator would, against this stack; its exit code and what it printed. */
function command(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return runScript('scripts/catalogue/catalogue-import.ts', args, {
    ...process.env,
    SUPABASE_URL: stack.apiUrl,
    SUPABASE_SECRET_KEY: stack.secretKey,
    VITE_COMMERCE_API_URL: stack.commerceUrl,
    VITE_COMMERCE_STORE_ID: stack.storeId,
    HOSTINGER_API_URL: stack.commerceUrl,
    HOSTINGER_API_TOKEN: '',
    ...env,
  });
}

async function auditRows(): Promise<number> {
  const { rows } = await db.query<{ n: string }>('select count(*) as n from public.catalogue_changes');
  return Number(rows[0]!.n);
}

async function store(path: string): Promise<Raw> {
  const response = await fetch(`${stack.commerceUrl}/store/${stack.storeId}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as Raw;
}

async function rpc(name: string, args: Record<string, unknown>): Promise<unknown> {
  const { data, error } = await anon.rpc(name, args);
  expect(error, `${name} ${JSON.stringify(args)}`).toBeNull();
  return data;
}

type Tables = ImportReport['tables'];

/** Every table of the report at the counts given, the others all zero. */
function only(counts: Partial<Record<keyof Tables, Partial<Tables['products']>>>, { tables }: ImportReport) {
  for (const [table, got] of Object.entries(tables)) {
    const wanted = { created: 0, updated: 0, removed: 0, ...counts[table as keyof Tables] };
    expect({ created: got.created, updated: got.updated, removed: got.removed }, table).toEqual(wanted);
  }
}

const unchangedEverywhere = (report: ImportReport) => only({}, report);

/** The pictures' counts, with the failures' reasons left out. */
const imageCounts = ({ images }: ImportReport) => images && { ...images, failed: images.failed.length };

/** The double's pictures, and what the second run asks of it: a fetch that counts the requests for them. */
let pictureRequests = 0;
const counting: typeof fetch = (input, init) => {
  if (new URL(String(input)).pathname.startsWith('/images/')) pictureRequests++;
  return fetch(input, init);
};

const bucketUrl = (path: string) => service.storage.from(productImagesBucket).getPublicUrl(path).data.publicUrl;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A store's answer with each of its pictures' URLs in their place as the copy of it must be: in the
 * product's folder named after the store URL, at the gallery's size of the double's 800×800 SVGs.
 */
function withCopies(body: unknown, productId?: string): unknown {
  if (Array.isArray(body)) return body.map((item) => withCopies(item, productId));
  if (body !== null && typeof body === 'object') {
    const raw = body as Raw;
    const product = raw.product_id ?? (String(raw.id).startsWith('prod_') ? raw.id : productId);
    return Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, withCopies(value, product)]));
  }
  if (typeof body === 'string' && body.startsWith(`${stack.commerceUrl}/images/`)) {
    const { width, height } = productImageSizes({ width: 800, height: 800 }).gallery;
    return expect.stringMatching(new RegExp(`^${escaped(bucketUrl(copyFolder(productId!, body)))}/gallery-${width}x${height}\\.webp$`));
  }
  return body;
}

/** How many pictures the storefront's products show. */
async function storePictures(): Promise<number> {
  const singles = await Promise.all(productSeeds.map((seed) => fetch(`${stack.commerceUrl}/store/${stack.storeId}/products/prod_${seed.slug.replaceAll('-', '_')}`)));
  const shown = await Promise.all(singles.filter((r) => r.ok).map((r) => r.json() as Promise<Raw>));
  return shown.reduce((n, p) => n + p.media.length, 0);
}

/** A copy's object as anyone reads it, at its public URL: its type and size. */
async function publicObject(url: string): Promise<{ format?: string; width?: number; height?: number }> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  const { format, width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return { format, width, height };
}

describe('a first import into an empty catalogue', () => {
  it('dry, prints what it would create and writes nothing', async () => {
    const { code, stdout } = await command(['--dry-run']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Dry run/);
    expect(stdout).toMatch(new RegExp(`products\\s+${productSeeds.length} created, 0 updated, 0 unchanged, 0 deleted`));
    expect(stdout).toMatch(new RegExp(`images\\s+${await storePictures()} copied, 0 unchanged, 0 failed, 0 removed`));
    const { count } = await service.from('products').select('id', { count: 'exact', head: true });
    expect(count).toBe(0);
    expect((await service.storage.from(productImagesBucket).list()).data).toEqual([]);
    expect(await auditRows()).toBe(0);
  });

  it('copies the store: the storefront read of the shop answers what the double answers, its pictures from the bucket', async () => {
    const { code, stdout, stderr } = await command([]);
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(new RegExp(`products\\s+${productSeeds.length} created, 0 updated, 0 unchanged, 0 deleted`));
    expect(stdout).toMatch(/product_variants\s+\d+ created, 0 updated, 0 unchanged, 0 retired/);
    expect(stdout).toMatch(new RegExp(`images\\s+${await storePictures()} copied, 0 unchanged, 0 failed, 0 removed`));
    for (const [query, args] of [
      ['limit=100', { p_limit: 100 }],
      ['limit=100&sort_by=price&order=DESC', { p_limit: 100, p_sort_by: 'price', p_order: 'DESC' }],
      ['limit=12&sort_by=updated_at', { p_sort_by: 'updated_at' }],
    ] as const) {
      expect(await rpc('storefront_products', args), query).toEqual(withCopies(await store(`/products?${query}`)));
    }
    for (const seed of productSeeds) {
      const id = `prod_${seed.slug.replaceAll('-', '_')}`;
      expect(await rpc('storefront_product', { p_id: id }), id).toEqual(withCopies(await store(`/products/${id}`)));
    }
    expect(await rpc('storefront_variants', { p_product_ids: null })).toEqual(withCopies(await store('/variants')));
    expect(await auditRows()).toBeGreaterThan(productSeeds.length);
  });

  it('stores each picture at the gallery\'s and the grid\'s sizes, in WebP, readable by anyone', async () => {
    const { data: rows } = await service.from('product_images').select('url');
    expect(rows?.length).toBe(await storePictures());
    const { gallery, grid } = productImageSizes({ width: 800, height: 800 });
    for (const { url } of rows!) {
      const sizes = storedImageSizes(url)!;
      expect(await publicObject(sizes.gallery.url)).toEqual({ format: 'webp', ...gallery });
      expect(await publicObject(sizes.grid.url)).toEqual({ format: 'webp', ...grid });
    }
  });

  it('a second run over the same store writes nothing, and the audit records nothing', async () => {
    const before = await auditRows();
    const { code, stdout } = await command([]);
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`products\\s+0 created, 0 updated, ${productSeeds.length} unchanged, 0 deleted`));
    expect(stdout).not.toMatch(/[1-9]\d* (created|updated|deleted|retired|copied|failed|removed)/);
    expect(await auditRows()).toBe(before);
  });

  it('a second run downloads no picture', async () => {
    pictureRequests = 0;
    const report = await importCatalogue(service, await readStore({ ...storefront(), fetch: counting }), { copyImages: { fetch: counting } });
    unchangedEverywhere(report);
    expect(imageCounts(report)).toEqual({ copied: 0, unchanged: await storePictures(), failed: 0, removed: 0 });
    expect(pictureRequests).toBe(0);
  });

  it('is not blind: a picture asked of the double is counted', async () => {
    pictureRequests = 0;
    await counting(`${stack.commerceUrl}/images/sept-portes-1.svg`);
    expect(pictureRequests).toBe(1);
  });
});

/** The storefront's answers as a store changed since would give them. */
function changedStore(edit: (path: string, body: Raw) => Raw): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const { pathname } = new URL(String(input));
    if (!response.ok || !pathname.startsWith('/store/')) return response;
    return new Response(JSON.stringify(edit(pathname, (await response.json()) as Raw)), { status: response.status });
  };
}

const gone = 'prod_rituel_aube';
const replacedPicture = () => `${stack.commerceUrl}/images/sept-portes-2.svg`;
const galleryCopy = (productId: string, storeUrl: string) => `${bucketUrl(copyFolder(productId, storeUrl))}/gallery-800x800.webp`;
const storeChanged = changedStore((path, body) => {
  if (path.endsWith('/products')) {
    const products = (body.products as Raw[]).filter((p) => p.id !== gone);
    return { ...body, count: body.count - 1, products };
  }
  if (path.endsWith('/variants')) {
    return { variants: (body.variants as Raw[]).map((v) => (v.id === 'var_sommeil_profond' ? { ...v, inventory_quantity: 1 } : v)) };
  }
  if (path.endsWith('/prod_sept_portes')) {
    const media = (body.media as Raw[]).map((m) => (m.url === replacedPicture() ? { ...m, url: `${m.url}?v=2` } : m));
    return { ...body, title: 'Les Sept Portes', variants: [{ ...body.variants[0], price_in_cents: 4200 }], media };
  }
  if (path.endsWith('/prod_chemin_interieur')) {
    const id = 'var_chemin_interieur_reliee';
    const value = { id: `val_${id}`, option_id: 'opt_chemin_interieur', variant_id: id, value: 'Reliée' };
    const variant = { ...body.variants[1], id, title: 'Reliée', sku: 'LS-CHEMIN-INTER-3', price_in_cents: 4400, options: [value] };
    return { ...body, variants: [...body.variants, variant], options: [{ ...body.options[0], values: [...body.options[0].values, value] }] };
  }
  if (path.endsWith('/prod_voyage_chakras')) {
    const kept = (v: Raw) => v.id !== 'var_voyage_chakras_60_minutes' && v.variant_id !== 'var_voyage_chakras_60_minutes';
    return { ...body, variants: body.variants.filter(kept), options: [{ ...body.options[0], values: body.options[0].values.filter(kept) }] };
  }
  return body;
});

describe('a change at the store', () => {
  it('is carried over on the next run: a title, a price, the stock, a new variant, a picture; a gone variant retired, a gone product soft-deleted', async () => {
    const before = await auditRows();
    const report = await importCatalogue(service, await readStore({ ...storefront(), fetch: storeChanged }), { copyImages: { fetch: storeChanged } });
    only(
      {
        products: { updated: 1, removed: 1 },
        product_variants: { created: 1, updated: 2, removed: 1 },
        product_option_values: { created: 1, removed: 1 },
        product_images: { updated: 1 },
      },
      report,
    );
    // The new URL copied, the former copy removed from the bucket: no row names it any more.
    expect(imageCounts(report)).toMatchObject({ copied: 1, failed: 0, removed: 1 });
    expect((await fetch(galleryCopy('prod_sept_portes', replacedPicture()))).status).not.toBe(200);
    expect((await fetch(galleryCopy('prod_sept_portes', `${replacedPicture()}?v=2`))).status).toBe(200);
    expect(await auditRows()).toBeGreaterThan(before);
    const sept = (await rpc('storefront_product', { p_id: 'prod_sept_portes' })) as Raw;
    expect([sept.title, sept.variants[0].price_in_cents, sept.updated_at]).toEqual(['Les Sept Portes', 4200, (await store('/products/prod_sept_portes')).updated_at]);
    const chemin = (await rpc('storefront_product', { p_id: 'prod_chemin_interieur' })) as Raw;
    expect(chemin.variants.map((v: Raw) => v.id)).toEqual(['var_chemin_interieur_standard', 'var_chemin_interieur_annotee', 'var_chemin_interieur_reliee']);
    const voyage = (await rpc('storefront_product', { p_id: 'prod_voyage_chakras' })) as Raw;
    expect(voyage.variants.map((v: Raw) => v.id)).toEqual(['var_voyage_chakras_30_minutes']);
    const { data: sold } = await service.from('product_variants').select('inventory_quantity').eq('id', 'var_sommeil_profond').single();
    expect(sold?.inventory_quantity).toBe(1);
    const { data: retired } = await service.from('product_variants').select('retired_at').eq('id', 'var_voyage_chakras_60_minutes').single();
    expect(retired?.retired_at).not.toBeNull();
    const { data: deleted } = await service.from('products').select('deleted_at').eq('id', gone).single();
    expect(deleted?.deleted_at).not.toBeNull();
    expect((await anon.rpc('storefront_product', { p_id: gone })).status).toBe(404);
  });

  it('once carried over, runs again without writing', async () => {
    const before = await auditRows();
    const report = await importCatalogue(service, await readStore({ ...storefront(), fetch: storeChanged }), { copyImages: { fetch: storeChanged } });
    unchangedEverywhere(report);
    expect(imageCounts(report)).toMatchObject({ copied: 0, failed: 0, removed: 0 });
    expect(await auditRows()).toBe(before);
  });
});

describe('with the Ecommerce API token', () => {
  it('brings the drafts the storefront hides, and the store as it is again', async () => {
    const report = await importCatalogue(service, await readStore(withToken()), { copyImages: {} });
    only(
      {
        // The draft; the product back from the dead and the one renamed back.
        products: { created: 1, updated: 2 },
        // The draft's two; the variant back from retirement, the price and the stock back; the one the store no longer has retired.
        product_variants: { created: 2, updated: 3, removed: 1 },
        product_options: { created: 1 },
        product_option_values: { created: 3, removed: 1 },
        // The picture at its former URL again.
        product_images: { updated: 1 },
      },
      report,
    );
    expect(imageCounts(report)).toEqual({ copied: 1, unchanged: (await storePictures()) - 1, failed: 0, removed: 1 });
    const { data: draft } = await service.from('products').select('title, status, deleted_at, product_variants(id, title, price_in_cents, sale_price_in_cents, manage_inventory, inventory_quantity, position)').eq('id', 'prod_silence_habite').single();
    expect(draft).toEqual({
      title: 'Le Silence Habité',
      status: 'draft',
      deleted_at: null,
      product_variants: expect.arrayContaining([
        { id: 'var_silence_habite_standard', title: 'Standard', price_in_cents: 2100, sale_price_in_cents: null, manage_inventory: false, inventory_quantity: null, position: 0 },
        { id: 'var_silence_habite_annotee', title: 'Annotée', price_in_cents: 2900, sale_price_in_cents: 2500, manage_inventory: false, inventory_quantity: null, position: 1 },
      ]),
    });
    const { data: values } = await service.from('product_option_values').select('value, product_options(title)').eq('product_id', 'prod_silence_habite').order('value');
    expect(values).toEqual([
      { value: 'Annotée', product_options: { title: 'Édition' } },
      { value: 'Standard', product_options: { title: 'Édition' } },
    ]);
    expect((await anon.rpc('storefront_product', { p_id: 'prod_silence_habite' })).status).toBe(404);
    expect(await rpc('storefront_product', { p_id: 'prod_sept_portes' })).toEqual(withCopies(await store('/products/prod_sept_portes')));
    expect(await rpc('storefront_product', { p_id: gone })).toEqual(withCopies(await store(`/products/${gone}`)));
  });

  it('a second run with the token writes nothing', async () => {
    const before = await auditRows();
    const report = await importCatalogue(service, await readStore(withToken()), { copyImages: {} });
    unchangedEverywhere(report);
    expect(imageCounts(report)).toMatchObject({ copied: 0, failed: 0, removed: 0 });
    expect(await auditRows()).toBe(before);
  });
});

describe('a picture the store cannot serve', () => {
  // A port nobody listens on (undici refuses the well-known ones, 9 among them, before connecting).
  let unreachable: string;
  beforeAll(async () => {
    unreachable = `http://127.0.0.1:${await freePort()}/images/sept-portes-2.svg`;
  });
  const missing = () => `${stack.commerceUrl}/images/sept-portes-9.svg`;
  const notAPicture = () => `${stack.commerceUrl}/store/${stack.storeId}/products`;
  const brokenPictures = changedStore((path, body) => {
    if (!path.endsWith('/prod_sept_portes')) return body;
    const [first] = body.media as Raw[];
    return { ...body, media: [first, { ...first, url: unreachable, order: 1 }, { ...first, url: missing(), order: 2 }, { ...first, url: notAPicture(), order: 3 }] };
  });

  it('is reported and keeps its store URL; the import goes on', async () => {
    const report = await importCatalogue(service, await readStore({ ...withToken(), fetch: brokenPictures }), { copyImages: { fetch: brokenPictures } });
    only({ product_images: { created: 2, updated: 1 } }, report);
    expect(report.images?.failed).toEqual([
      { productId: 'prod_sept_portes', url: unreachable, reason: expect.stringMatching(/^cannot be reached: .*ECONNREFUSED/) },
      { productId: 'prod_sept_portes', url: missing(), reason: 'the store answered 404' },
      { productId: 'prod_sept_portes', url: notAPicture(), reason: expect.stringMatching(/unsupported image format/) },
    ]);
    expect(imageCounts(report)).toEqual({ copied: 0, unchanged: (await storePictures()) - 1, failed: 3, removed: 1 });
    expect(reportLines(report)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^images\s+0 copied, \d+ unchanged, 3 failed, 1 removed$/),
        expect.stringMatching(new RegExp(`^  failed: ${escaped(missing())} \\(prod_sept_portes\\): the store answered 404; its row keeps this URL \\(the next run tries again\\)$`)),
      ]),
    );
    const sept = (await rpc('storefront_product', { p_id: 'prod_sept_portes' })) as Raw;
    expect(sept.media.map((m: Raw) => m.url)).toEqual([galleryCopy('prod_sept_portes', `${stack.commerceUrl}/images/sept-portes-1.svg`), unreachable, missing(), notAPicture()]);
  });

  it('is tried again on the next run, and copied once the store serves it', async () => {
    const report = await importCatalogue(service, await readStore(withToken()), { copyImages: {} });
    only({ product_images: { updated: 1, removed: 2 } }, report);
    expect(imageCounts(report)).toMatchObject({ copied: 1, failed: 0, removed: 0 });
  });
});

describe('--keep-image-urls', () => {
  it('keeps the store\'s URLs in the rows, and says so', async () => {
    const { code, stdout, stderr } = await command(['--keep-image-urls'], { HOSTINGER_API_TOKEN: stack.env.HOSTINGER_API_TOKEN! });
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(new RegExp(`product_images\\s+0 created, ${await storePictures()} updated, 0 unchanged, 0 deleted`));
    expect(stdout).toMatch(/images stay where the store serves them \(--keep-image-urls\): their rows hold its URLs/);
    expect(stdout).not.toMatch(/copied/);
    for (const seed of productSeeds.filter((s) => s.slug !== 'silence-habite')) {
      const id = `prod_${seed.slug.replaceAll('-', '_')}`;
      expect(await rpc('storefront_product', { p_id: id }), id).toEqual(await store(`/products/${id}`));
    }
  });
});

describe('what fails, fails clearly and writes nothing', () => {
  it.each([
    ['a wrong token', { HOSTINGER_API_TOKEN: 'hapi_not_the_owners' }, /refused HOSTINGER_API_TOKEN \(401\)/],
    ['a wrong key', { SUPABASE_SECRET_KEY: 'sb_secret_not_this_projects' }, /Supabase refused the key .*SUPABASE_SECRET_KEY/],
    ['an unreachable store', { VITE_COMMERCE_API_URL: 'http://127.0.0.1:9' }, /storefront of store .* cannot be reached at http:\/\/127\.0\.0\.1:9/],
    ['no project', { SUPABASE_URL: '' }, /missing SUPABASE_URL/],
  ])('%s: a non-zero exit and why', async (_, env, message) => {
    const before = await auditRows();
    const { code, stdout, stderr } = await command([], env);
    expect(code).toBe(1);
    expect(stderr).toMatch(message);
    expect(stdout).toBe('');
    expect(await auditRows()).toBe(before);
  });
});
