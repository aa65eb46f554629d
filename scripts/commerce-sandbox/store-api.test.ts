// The store API's read side over real HTTP: list, one product, variants' stock, 404s, CORS and
// the fault modes the resilience tests rely on.
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { productSeeds } from './catalogue-data.ts';
import { getJson, startSandbox, storePath, tempDataDir, useSandbox } from './test-support.ts';

type Json = Record<string, any>;

const shop = useSandbox();

describe('GET /store/{store}/products', () => {
  it('answers 12 products by default with the total count', async () => {
    const { status, body } = await getJson<Json>(storePath(shop.sandbox, '/products'));
    expect(status).toBe(200);
    expect(body.count).toBe(productSeeds.length);
    expect(body.count).toBeGreaterThanOrEqual(16);
    expect(body.offset).toBe(0);
    expect(body.limit).toBe(12);
    expect(body.products).toHaveLength(12);
  });

  it('reads limit and offset sent as strings and pages through the catalogue', async () => {
    const first = await getJson<Json>(storePath(shop.sandbox, '/products?offset=0&limit=4'));
    const second = await getJson<Json>(storePath(shop.sandbox, '/products?offset=4&limit=4'));
    expect(first.body.products.map((p: Json) => p.id)).toHaveLength(4);
    expect(second.body.limit).toBe(4);
    expect(second.body.offset).toBe(4);
    const ids = [...first.body.products, ...second.body.products].map((p: Json) => p.id);
    expect(new Set(ids).size).toBe(8);
  });

  it('filters by repeated ids[] and counts only the matches', async () => {
    const { body } = await getJson<Json>(storePath(shop.sandbox, '/products?ids[]=prod_eveil_du_coeur&ids[]=prod_rituel_pleine_lune&ids[]=prod_nope'));
    expect(body.count).toBe(2);
    expect(body.products.map((p: Json) => p.id).sort()).toEqual(['prod_eveil_du_coeur', 'prod_rituel_pleine_lune']);
  });

  it('accepts the client query parameters and sorts by title', async () => {
    const { status, body } = await getJson<Json>(storePath(shop.sandbox, '/products?offset=0&limit=100&order=asc&sort_by=title&is_hidden=false&to_date=2099-01-01'));
    expect(status).toBe(200);
    const titles = body.products.map((p: Json) => p.title);
    expect(titles).toEqual([...titles].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('refuses a limit that is not a number', async () => {
    const { status, body } = await getJson<Json>(storePath(shop.sandbox, '/products?limit=douze'));
    expect(status).toBe(400);
    expect(body.message).toMatch(/limit/);
  });

  it('gives each list item the list shape with images, variants and currency info', async () => {
    const { body } = await getJson<Json>(storePath(shop.sandbox, '/products?ids[]=prod_meditation_lumiere_interieure'));
    const product = body.products[0];
    expect(product).toMatchObject({ id: 'prod_meditation_lumiere_interieure', title: 'Méditation de la Lumière Intérieure', purchasable: true, custom_fields: [], related_products: [] });
    expect(product.media).toBeUndefined();
    expect(product.images.length).toBeGreaterThanOrEqual(2);
    expect(product.images[0]).toEqual({ url: `${shop.sandbox.url}/images/meditation-lumiere-interieure-1.svg`, order: 0, type: 'image' });
    expect(product.thumbnail).toBe(product.images[0].url);
    expect(product.currency_info).toEqual({ code: 'eur', symbol: '€', template: '$1 €' });
    expect(product.options).toHaveLength(1);
    expect(product.options[0].title).toBe('Durée');
    expect(product.options[0].values.map((v: Json) => v.value)).toEqual(['10 minutes', '20 minutes', '45 minutes']);
    const onSale = product.variants.find((v: Json) => v.title === '45 minutes');
    expect(onSale).toMatchObject({ currency: 'eur', price_in_cents: 2400, sale_price_in_cents: 1900, formatted_price: '24,00 €', formatted_sale_price: '19,00 €', weight: null, manage_inventory: false, inventory_quantity: null });
    expect(onSale.options[0]).toEqual({ id: expect.any(String), option_id: product.options[0].id, variant_id: onSale.id, value: '45 minutes' });
    const regular = product.variants.find((v: Json) => v.title === '10 minutes');
    expect(regular.sale_price_in_cents).toBeNull();
    expect(regular.formatted_sale_price).toBeNull();
    for (const variant of product.variants) expect(product.images.map((i: Json) => i.url)).toContain(variant.image_url);
  });

  it('holds the catalogue the shop is tested against', async () => {
    const { body } = await getJson<Json>(storePath(shop.sandbox, '/products?limit=100'));
    const products: Json[] = body.products;
    const variants: Json[] = products.flatMap((p) => p.variants);
    expect(products.filter((p) => p.variants.length > 1).length).toBeGreaterThanOrEqual(3);
    expect(variants.filter((v) => v.sale_price_in_cents !== null).length).toBeGreaterThanOrEqual(2);
    expect(variants.some((v) => v.manage_inventory && v.inventory_quantity === 3)).toBe(true);
    expect(variants.some((v) => v.manage_inventory && v.inventory_quantity === 0)).toBe(true);
    expect(products.filter((p) => p.purchasable === false).map((p) => p.id)).toEqual(['prod_rituel_solstice']);
    for (const ribbon of ['Nouveau', 'Promo', 'Épuisé']) expect(products.some((p) => p.ribbon_text === ribbon)).toBe(true);
    expect(products.filter((p) => p.images.length >= 2).length).toBeGreaterThanOrEqual(3);
    expect(products.some((p) => p.description.length > 160 && /<p>/.test(p.description) && /<ul>/.test(p.description))).toBe(true);
    expect(new Set(variants.map((v) => v.id)).size).toBe(variants.length);
  });
});

describe('GET /store/{store}/products/{id}', () => {
  it('answers the single-product shape with media instead of images', async () => {
    const { status, body } = await getJson<Json>(storePath(shop.sandbox, '/products/prod_rituel_pleine_lune'));
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: 'prod_rituel_pleine_lune', title: 'Rituel de la Pleine Lune', status: 'published', deleted_at: null, metadata: {} });
    expect(body.images).toBeUndefined();
    expect(body.media).toHaveLength(4);
    expect(Date.parse(body.created_at)).not.toBeNaN();
  });

  it('answers 404 with a message for an unknown product', async () => {
    const response = await fetch(storePath(shop.sandbox, '/products/prod_qui_n_existe_pas'));
    expect(response.status).toBe(404);
    expect(response.statusText).toBe('Not Found');
    expect(((await response.json()) as Json).message).toMatch(/prod_qui_n_existe_pas/);
  });
});

describe('GET /store/{store}/variants', () => {
  it('answers the stock of the requested products only', async () => {
    const { body } = await getJson<Json>(storePath(shop.sandbox, '/variants?fields=inventory_quantity&product_ids[]=prod_sommeil_profond&product_ids[]=prod_chemin_interieur'));
    const byId = Object.fromEntries(body.variants.map((v: Json) => [v.id, v.inventory_quantity]));
    expect(byId).toEqual({ var_sommeil_profond: 3, var_chemin_interieur_standard: null, var_chemin_interieur_annotee: null });
  });
});

describe('errors, CORS and faults', () => {
  it('answers 404 for another store and for unknown paths', async () => {
    const wrongStore = await fetch(`${shop.sandbox.url}/store/store_autre/products`);
    expect(wrongStore.status).toBe(404);
    expect(((await wrongStore.json()) as Json).message).toMatch(/store_autre/);
    expect((await fetch(`${shop.sandbox.url}/nulle-part`)).status).toBe(404);
    expect((await fetch(storePath(shop.sandbox, '/checkout/cs_000000000000000000000000'))).status).toBe(404);
  });

  it('answers a CORS preflight for a JSON POST from any origin', async () => {
    const response = await fetch(storePath(shop.sandbox, '/checkout'), {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toMatch(/POST/);
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toMatch(/content-type/);
    const get = await fetch(storePath(shop.sandbox, '/products?limit=1'), { headers: { Origin: 'http://127.0.0.1:5173' } });
    expect(get.headers.get('access-control-allow-origin')).toBe('*');
  });

  async function setFault(mode: string): Promise<Response> {
    return fetch(`${shop.sandbox.url}/__sandbox/fault`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ mode }) });
  }

  it('injects an outage, errors, garbage and slowness into the store API until reset', async () => {
    try {
      expect((await setFault('down')).status).toBe(200);
      await expect(fetch(storePath(shop.sandbox, '/products'))).rejects.toThrow();

      await setFault('error');
      const failing = await fetch(storePath(shop.sandbox, '/products'));
      expect(failing.status).toBe(500);
      expect(failing.statusText).toBe('Internal Server Error');

      await setFault('garbage');
      const garbage = await fetch(storePath(shop.sandbox, '/products'));
      expect(garbage.status).toBe(200);
      await expect(garbage.clone().json()).rejects.toThrow();

      await setFault('slow');
      const started = Date.now();
      const slow = await fetch(storePath(shop.sandbox, '/products?limit=1'));
      expect(slow.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
    } finally {
      await setFault('none');
    }
    expect((await fetch(storePath(shop.sandbox, '/products'))).status).toBe(200);
  }, 15_000);

  it('starts in the fault mode named by COMMERCE_FAULT', async () => {
    const faultyData = tempDataDir();
    process.env.COMMERCE_FAULT = 'error';
    const faulty = await startSandbox(faultyData.dir).finally(() => delete process.env.COMMERCE_FAULT);
    try {
      expect((await fetch(storePath(faulty, '/products'))).status).toBe(500);
    } finally {
      await faulty.close();
      faultyData.remove();
    }
  });

  it('refuses an unknown fault mode', async () => {
    const response = await setFault('chaos');
    expect(response.status).toBe(400);
  });
});

describe('compression', () => {
  /** A raw request, so the test sees the bytes on the wire (fetch would inflate them silently). */
  function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
    return new Promise((resolve, reject) => {
      request(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
  }

  it('gzips the catalogue for a client that accepts it, and only then', async () => {
    const url = storePath(shop.sandbox, '/products');
    const zipped = await rawGet(url, { 'Accept-Encoding': 'gzip, deflate, br' });
    const plain = await rawGet(url, {});
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 3);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(gunzipSync(zipped.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
  });

  it('leaves small answers alone', async () => {
    const tiny = await rawGet(storePath(shop.sandbox, '/products/prod_qui_n_existe_pas'), { 'Accept-Encoding': 'gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
  });
});
