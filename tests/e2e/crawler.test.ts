// The shop as search engines and link previews read it (issue 27): each public URL fetched over
// plain HTTP, no JavaScript, from the production build with its pre-rendered pages as served.
// Every product of the commerce sandbox's catalogue is checked against what its store API says
// now: title, the first 160 characters of the description, canonical URL, Open Graph and
// Twitter tags with absolute pictures, and schema.org Product data with each variant's price
// (the sale price when there is one) and availability.
import { describe, expect, it } from 'vitest';
import { webUrl } from './support/browser.ts';
import { wholeCatalogue, type CatalogueProduct, type CatalogueVariant } from './support/catalogue.ts';
import { crawl, decodeEntities, type CrawledPage } from './support/crawler.ts';
import { productSchemaProblems } from './support/product-schema.ts';

const site = webUrl();

const publicPages = [
  { path: '/', title: 'Accueil' },
  { path: '/store', title: 'Boutique' },
  { path: '/about', title: 'À Propos' },
  { path: '/faq', title: 'FAQ' },
  { path: '/contact', title: 'Contact' },
];

/** The visible text of the catalogue's HTML description, blocks kept apart, whitespace collapsed. */
const textOf = (html: string | null) =>
  decodeEntities(
    (html ?? '')
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '')
      .replace(/<\/?(p|div|li|ul|ol|br|h[1-6]|blockquote|table|tr|td|th)\b[^>]*>/gi, ' ')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();

const schema = (state: string) => `https://schema.org/${state}`;
const euros = (cents: number) => (cents / 100).toFixed(2);
const paid = (variant: CatalogueVariant) => variant.sale_price_in_cents ?? variant.price_in_cents;

/** What the catalogue says of a variant's availability: not for sale, sold out, or available. */
function availabilityOf(product: CatalogueProduct, variant: CatalogueVariant): string {
  if (!product.purchasable) return schema('Discontinued');
  if (variant.manage_inventory && (variant.inventory_quantity ?? 0) < 1) return schema('OutOfStock');
  return schema('InStock');
}

/** Link previews fetch the picture: it must answer as an image. */
async function expectImage(url: string | undefined): Promise<void> {
  expect(url).toMatch(/^https?:\/\//);
  const response = await fetch(url!);
  expect(response.status, url).toBe(200);
  expect(response.headers.get('content-type'), url).toMatch(/^image\//);
}

function expectCommonHead(page: CrawledPage, path: string, name: string): void {
  expect(page.status, path).toBe(200);
  expect(page.contentType).toMatch(/^text\/html/);
  expect(page.title).toBe(`${name} | Lumière Sacrée`);
  expect(page.canonical).toBe(`${site}${path}`);
  const description = page.meta.get('description');
  expect(description?.length, `${path} description`).toBeGreaterThan(0);
  expect(description!.length).toBeLessThanOrEqual(160);
  expect(Object.fromEntries(['og:title', 'og:description', 'og:url', 'og:site_name', 'og:locale', 'twitter:title', 'twitter:description'].map((key) => [key, page.meta.get(key)]))).toEqual({
    'og:title': name,
    'og:description': description,
    'og:url': `${site}${path}`,
    'og:site_name': 'Lumière Sacrée',
    'og:locale': 'fr_FR',
    'twitter:title': name,
    'twitter:description': description,
  });
  expect(page.meta.get('twitter:image')).toBe(page.meta.get('og:image'));
  // The app still mounts as before: into the root (holding the page's content, inert, where the
  // build pre-rendered it: deep-links.test.ts), with its module script.
  expect(page.html).toMatch(/<div id="root"( inert)?>/);
  expect(page.html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/);
}

describe('a crawler without JavaScript', () => {
  it('finds the first page opening its connections to where the catalogue comes from, whichever it is', async () => {
    const catalogue = new URL(process.env.CATALOGUE_SOURCE === 'shop' ? process.env.SUPABASE_URL! : process.env.COMMERCE_API_URL!).origin;
    const preconnects = [...(await crawl('/')).html.matchAll(/<link rel="preconnect" href="([^"]*)"/g)].map((link) => link[1]);
    expect(preconnects).toEqual([catalogue, catalogue]);
  });

  it('reads each public page’s own title, description, canonical URL and preview', async () => {
    const descriptions = new Set<string>();
    for (const { path, title } of publicPages) {
      const page = await crawl(path);
      expectCommonHead(page, path, title);
      expect(page.meta.get('og:type')).toBe('website');
      expect(page.meta.get('twitter:card')).toBe('summary');
      await expectImage(page.meta.get('og:image'));
      descriptions.add(page.meta.get('description')!);
    }
    expect(descriptions.size).toBe(publicPages.length);
  });

  it('reads every product of the catalogue with its schema.org Product: prices, sale prices and availability as the catalogue says', async () => {
    const catalogue = await wholeCatalogue();
    const offerStates = new Set<string>();
    let onSale = 0;
    for (const product of catalogue) {
      const path = `/product/${product.id}`;
      const page = await crawl(path);
      expectCommonHead(page, path, product.title);
      expect(page.meta.get('description'), path).toBe(textOf(product.description).slice(0, 160));
      expect(page.meta.get('og:type')).toBe('product');
      expect(page.meta.get('twitter:card')).toBe('summary_large_image');
      expect(page.meta.get('og:image')).toBe(product.thumbnail);
      await expectImage(page.meta.get('og:image'));

      expect(page.structuredData, path).toHaveLength(1);
      const data = page.structuredData[0] as Record<string, unknown> & { offers: Array<Record<string, unknown>>; image: string[] };
      expect(productSchemaProblems(data), path).toEqual([]);
      expect(data).toMatchObject({ name: product.title, description: textOf(product.description), url: `${site}${path}`, brand: { name: 'Lumière Sacrée' } });
      expect(data.image).toEqual(product.images.map((image) => image.url));
      expect(product.variants.map((variant) => variant.sku)).toContain(data.sku);
      expect(
        data.offers.map(({ sku, price, priceCurrency, availability }) => ({ sku, price, priceCurrency, availability })),
        path,
      ).toEqual(
        product.variants.map((variant) => ({ sku: variant.sku, price: euros(paid(variant)), priceCurrency: variant.currency.toUpperCase(), availability: availabilityOf(product, variant) })),
      );
      expect(page.meta.get('product:price:currency')).toBe('EUR');
      expect(data.offers.map((offer) => offer.price)).toContain(page.meta.get('product:price:amount'));
      for (const offer of data.offers) offerStates.add(offer.availability as string);
      onSale += product.variants.filter((variant) => variant.sale_price_in_cents !== null).length;
    }
    // The sandbox's catalogue holds each case, so each was checked above.
    expect(catalogue.length).toBeGreaterThanOrEqual(17);
    expect([...offerStates].sort()).toEqual([schema('Discontinued'), schema('InStock'), schema('OutOfStock')]);
    expect(onSale).toBeGreaterThan(0);
  });

  it('reads the named cases as a shopper sees them: a sale, a sold-out ritual, one not for sale', async () => {
    const offerOf = async (id: string) => ((await crawl(`/product/${id}`)).structuredData[0] as { offers: Array<{ price: string; availability: string }> }).offers;
    expect(await offerOf('prod_gratitude')).toMatchObject([{ price: '7.00', availability: schema('InStock') }]);
    expect(await offerOf('prod_rituel_purification')).toMatchObject([{ price: '45.00', availability: schema('OutOfStock') }]);
    expect(await offerOf('prod_rituel_solstice')).toMatchObject([{ price: '55.00', availability: schema('Discontinued') }]);
    expect(await offerOf('prod_meditation_lumiere_interieure')).toMatchObject([{ price: '9.00' }, { price: '14.00' }, { price: '19.00' }]);
  });

  it('finds the public pages and every purchasable product in the sitemap robots.txt points to', async () => {
    const robots = await (await fetch(`${site}/robots.txt`)).text();
    const rules = robots.split('\n').map((line) => line.trim());
    expect(rules).toContain(`Sitemap: ${site}/sitemap.xml`);
    expect(rules).toEqual(expect.arrayContaining(['Disallow: /dashboard', 'Disallow: /admin', 'Disallow: /success']));

    const response = await fetch(`${site}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/xml/);
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const entries = new Map(
      [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => [/<loc>([^<]+)<\/loc>/.exec(body!)?.[1], /<lastmod>([^<]+)<\/lastmod>/.exec(body!)?.[1]] as const),
    );
    const catalogue = await wholeCatalogue();
    const forSale = catalogue.filter((product) => product.purchasable);
    expect(forSale.length).toBeLessThan(catalogue.length);
    expect([...entries.keys()].sort()).toEqual([...publicPages.map(({ path }) => `${site}${path}`), ...forSale.map((product) => `${site}/product/${product.id}`)].sort());
    for (const product of forSale) expect(entries.get(`${site}/product/${product.id}`)).toBe(new Date(product.updated_at!).toISOString());
  });
});
