// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { availability } from '@/prerender/product-structured-data';
import { sitePages } from '@/prerender/site-pages';
import { buildProduct, buildVariant } from '@/testing/catalogue-fixtures';

const site = 'https://lumiere-sacree.example';
const indexHtml = [
  '<!doctype html><html lang="fr"><head><meta charset="UTF-8" />',
  '<!-- page-head --><title>Lumière Sacrée : boutique spirituelle</title><!-- /page-head -->',
  '<script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
].join('\n');
const robotsTxt = 'User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /admin\n';

const onSale = buildProduct({
  id: 'prod_gratitude',
  title: 'Méditation de la Gratitude',
  description: '<p>Cultiver la <strong>gratitude</strong> & la joie.</p>',
  image: 'https://commerce.example/images/gratitude-1.svg',
  images: [
    { url: 'https://commerce.example/images/gratitude-1.svg', order: 0, type: 'image' },
    { url: 'https://commerce.example/images/gratitude-2.svg', order: 1, type: 'image' },
  ],
  updated_at: '2026-03-02T10:00:00.000Z',
  variants: [buildVariant({ id: 'var_gratitude', sku: 'LS-GRATITUDE-1', price_in_cents: 900, sale_price_in_cents: 700 })],
});
const soldOut = buildProduct({
  id: 'prod_purification',
  title: 'Rituel de Purification',
  updated_at: '2026-01-15T09:00:00.000Z',
  variants: [buildVariant({ id: 'var_purification', sku: 'LS-PURIF-1', price_in_cents: 4500, manage_inventory: true, inventory_quantity: 0 })],
});
const notForSale = buildProduct({
  id: 'prod_solstice',
  title: 'Rituel du Solstice',
  purchasable: false,
  updated_at: '2026-04-01T00:00:00.000Z',
  variants: [buildVariant({ id: 'var_solstice', sku: 'LS-SOLSTICE-1', price_in_cents: 5500 })],
});
const twoEditions = buildProduct({
  id: 'prod_chemin',
  title: 'Le Chemin Intérieur',
  site_product_selection: 'first_variant',
  variants: [
    buildVariant({ id: 'var_standard', title: 'Standard', sku: 'LS-CHEMIN-1', price_in_cents: 2400, manage_inventory: true, inventory_quantity: 4 }),
    buildVariant({ id: 'var_annotee', title: 'Annotée', sku: 'LS-CHEMIN-2', price_in_cents: 3400, manage_inventory: true, inventory_quantity: 0 }),
  ],
});

const render = (products = [onSale, soldOut, notForSale, twoEditions]) => sitePages({ indexHtml, robotsTxt, site, products });
const fileAt = (path: string, products?: Parameters<typeof render>[0]) => {
  const file = render(products).files.find((candidate) => candidate.path === path);
  if (!file) throw new Error(`no ${path}`);
  return file.content;
};
const headOf = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const meta = (doc: Document, key: string) => doc.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content');
const jsonLd = (doc: Document) => JSON.parse(doc.querySelector('script[type="application/ld+json"]')?.textContent ?? 'null') as Record<string, unknown> & { offers: Array<Record<string, unknown>> };

describe('sitePages', () => {
  it('writes each public page at its route, its own title, description, canonical URL and previews in the head', () => {
    const paths = render().files.map((file) => file.path);
    expect(paths).toEqual(expect.arrayContaining(['index.html', 'store/index.html', 'about/index.html', 'faq/index.html', 'contact/index.html']));
    const store = headOf(fileAt('store/index.html'));
    expect(store.title).toBe('Boutique | Lumière Sacrée');
    expect(meta(store, 'description')).toMatch(/^Enseignements en PDF/);
    expect(store.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${site}/store`);
    expect(meta(store, 'og:url')).toBe(`${site}/store`);
    expect(meta(store, 'og:type')).toBe('website');
    expect(meta(store, 'og:image')).toBe(`${site}/icons/icon-512.png`);
    expect(meta(store, 'twitter:card')).toBe('summary');
    expect(headOf(fileAt('index.html')).querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${site}/`);
  });

  it('marks which pages the build also renders the body of: each catalogue and information page, each product, not the contact form', () => {
    const routes = Object.fromEntries(render().files.map((file) => [file.path, file.route]));
    expect(routes).toMatchObject({
      'index.html': '/',
      'store/index.html': '/store',
      'about/index.html': '/about',
      'faq/index.html': '/faq',
      'product/prod_gratitude/index.html': '/product/prod_gratitude',
      'product/prod_chemin/index.html': '/product/prod_chemin',
    });
    expect(routes['contact/index.html']).toBeUndefined();
    expect(routes['sitemap.xml']).toBeUndefined();
  });

  it('keeps the rest of index.html as built: the app mounts into the same empty root', () => {
    const html = fileAt('about/index.html');
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
    expect(html).toContain('<body><div id="root"></div></body>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('boutique spirituelle');
  });

  it('gives a product its title, the first 160 characters of its description, its picture and price', () => {
    const doc = headOf(fileAt('product/prod_gratitude/index.html'));
    expect(doc.title).toBe('Méditation de la Gratitude | Lumière Sacrée');
    expect(meta(doc, 'description')).toBe('Cultiver la gratitude & la joie.');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${site}/product/prod_gratitude`);
    expect(meta(doc, 'og:type')).toBe('product');
    expect(meta(doc, 'og:title')).toBe('Méditation de la Gratitude');
    expect(meta(doc, 'og:image')).toBe('https://commerce.example/images/gratitude-1.svg');
    expect(meta(doc, 'twitter:card')).toBe('summary_large_image');
    expect(meta(doc, 'product:price:amount')).toBe('7.00');
    expect(meta(doc, 'product:price:currency')).toBe('EUR');

    const long = buildProduct({ id: 'prod_long', description: `<p>${'Lumière '.repeat(40)}</p>` });
    expect(meta(headOf(fileAt('product/prod_long/index.html', [long])), 'description')).toHaveLength(160);
  });

  it('describes a product as schema.org Product, the sale price as the offer price', () => {
    const data = jsonLd(headOf(fileAt('product/prod_gratitude/index.html')));
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Méditation de la Gratitude',
      description: 'Cultiver la gratitude & la joie.',
      image: ['https://commerce.example/images/gratitude-1.svg', 'https://commerce.example/images/gratitude-2.svg'],
      sku: 'LS-GRATITUDE-1',
      brand: { '@type': 'Brand', name: 'Lumière Sacrée' },
      url: `${site}/product/prod_gratitude`,
    });
    expect(data.offers).toEqual([
      {
        '@type': 'Offer',
        sku: 'LS-GRATITUDE-1',
        price: '7.00',
        priceCurrency: 'EUR',
        availability: availability.inStock,
        itemCondition: 'https://schema.org/NewCondition',
        url: `${site}/product/prod_gratitude`,
      },
    ]);
  });

  it('says out of stock and discontinued from stock and purchasable, per variant', () => {
    expect(jsonLd(headOf(fileAt('product/prod_purification/index.html'))).offers[0]?.availability).toBe(availability.outOfStock);
    expect(jsonLd(headOf(fileAt('product/prod_solstice/index.html'))).offers[0]?.availability).toBe(availability.discontinued);
    const editions = jsonLd(headOf(fileAt('product/prod_chemin/index.html')));
    expect(editions.sku).toBe('LS-CHEMIN-1');
    expect(editions.offers.map(({ name, price, availability: state }) => [name, price, state])).toEqual([
      ['Standard', '24.00', availability.inStock],
      ['Annotée', '34.00', availability.outOfStock],
    ]);
  });

  it('falls back to the placeholder picture, made absolute, for a product without one', () => {
    const doc = headOf(fileAt('product/prod_chemin/index.html'));
    expect(meta(doc, 'og:image')).toBe(`${site}/images/product-placeholder.svg`);
    expect(jsonLd(doc).image).toEqual([`${site}/images/product-placeholder.svg`]);
  });

  it("fetches the picture a page paints largest with its code: the gallery's first on a product, the first card's on the store", () => {
    const preloaded = (html: string) => [...headOf(html).querySelectorAll('link[rel="preload"][as="image"]')].map((link) => link.getAttribute('href'));
    expect(preloaded(fileAt('product/prod_gratitude/index.html'))).toEqual(['https://commerce.example/images/gratitude-1.svg']);
    expect(preloaded(fileAt('product/prod_purification/index.html'))).toEqual(['/images/product-placeholder.svg']);
    expect(preloaded(fileAt('store/index.html'))).toEqual(['https://commerce.example/images/gratitude-1.svg']);
    expect(preloaded(fileAt('store/index.html', [twoEditions, onSale]))).toEqual(['/images/product-placeholder.svg']);
    expect(preloaded(fileAt('index.html'))).toEqual([]);
    expect(preloaded(fileAt('about/index.html'))).toEqual([]);
  });

  it('escapes what the catalogue says: no tag or script can be injected into the head', () => {
    const hostile = buildProduct({ id: 'prod_hostile', title: '"><script>alert(1)</script>', description: '<p>a</p><script>alert(2)</script></script><!--' });
    const html = fileAt('product/prod_hostile/index.html', [hostile]);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('"><script>');
    const doc = headOf(html);
    expect(doc.title).toBe('"><script>alert(1)</script> | Lumière Sacrée');
    expect(jsonLd(doc).name).toBe('"><script>alert(1)</script>');
    expect(doc.querySelectorAll('script')).toHaveLength(2);
  });

  it('leaves a product whose id cannot name a folder to the app, and says so', () => {
    const { files, skipped } = render([buildProduct({ id: '..' }), buildProduct({ id: 'a/b' }), onSale]);
    expect(skipped).toEqual(['..', 'a/b']);
    expect(files.filter((file) => file.path.startsWith('product/')).map((file) => file.path)).toEqual(['product/prod_gratitude/index.html']);
  });

  it('lists the public pages and every purchasable product in the sitemap, with their modification dates', () => {
    const xml = new DOMParser().parseFromString(fileAt('sitemap.xml'), 'application/xml');
    const entries = [...xml.getElementsByTagName('url')].map((url) => [url.getElementsByTagName('loc')[0]?.textContent, url.getElementsByTagName('lastmod')[0]?.textContent ?? null]);
    expect(entries).toEqual([
      [`${site}/`, '2026-03-02T10:00:00.000Z'],
      [`${site}/store`, '2026-03-02T10:00:00.000Z'],
      [`${site}/about`, null],
      [`${site}/faq`, null],
      [`${site}/contact`, null],
      [`${site}/product/prod_gratitude`, '2026-03-02T10:00:00.000Z'],
      [`${site}/product/prod_purification`, '2026-01-15T09:00:00.000Z'],
      [`${site}/product/prod_chemin`, null],
    ]);
  });

  it("points robots.txt at this site's sitemap, once, and keeps its rules", () => {
    const robots = fileAt('robots.txt');
    expect(robots).toBe(`User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /admin\n\nSitemap: ${site}/sitemap.xml\n`);
    const again = sitePages({ indexHtml, robotsTxt: robots, site, products: [] }).files.find((file) => file.path === 'robots.txt')?.content;
    expect(again).toBe(robots);
  });

  it('runs again on its own output: the block between the markers is replaced, not added', () => {
    const home = fileAt('index.html');
    const twice = sitePages({ indexHtml: home, robotsTxt, site, products: [onSale] }).files.find((file) => file.path === 'product/prod_gratitude/index.html')?.content;
    expect(twice).toBe(fileAt('product/prod_gratitude/index.html'));
  });

  it('refuses an index.html without the markers', () => {
    expect(() => sitePages({ indexHtml: '<html><head><title>x</title></head></html>', robotsTxt, site, products: [] })).toThrow('page-head');
  });
});
