// Every file the pre-rendering writes into the build, from the built index.html, the site's
// origin and the catalogue: one HTML file per public page and per product (served for
// `/store`, `/product/<id>`… by the host before its fallback to /index.html), sitemap.xml and
// robots.txt. Pure: the build step (generate.ts) reads and writes the files.
import { publicPages, type PublicPage } from '@/app/public-pages';
import type { Product } from '@/lib/commerce-types';
import { documentTitle, siteName } from '@/lib/document-title';
import { metaDescription } from '@/lib/html-text';
import { productCardImage, productGallery, productImage } from '@/lib/product-image';
import { displayVariant, effectivePrice } from '@/lib/product-price';
import { withPageHead, type PageHead } from '@/prerender/page-head';
import { productStructuredData, schemaPrice } from '@/prerender/product-structured-data';
import { robotsWithSitemap, sitemapXml, type SitemapEntry } from '@/prerender/sitemap';

export interface SiteFile {
  /** Relative to the build's folder. */
  path: string;
  content: string;
  /** The page's path in the app, for an HTML page whose body the build pre-renders too. */
  route?: string;
}

export interface SitePages {
  files: SiteFile[];
  /** Products left to the app's fallback page: their id cannot name a folder safely. */
  skipped: string[];
}

/** The picture link previews show for pages other than a product's. */
export const siteImagePath = '/icons/icon-512.png';

/**
 * Pages written with their head only: the contact form's module opens a Supabase client as it
 * loads, which needs a browser; the form has nothing to show before the app runs anyway.
 */
const headOnly: ReadonlySet<PublicPage> = new Set([publicPages.contact]);

/** Ids that are one safe path segment as they are (no encoding, no `.` or `..`). */
const safeId = (id: string) => /^[A-Za-z0-9._~-]+$/.test(id) && id !== '.' && id !== '..';

export const productPath = (id: string) => `/product/${id}`;
const htmlFileOf = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}/index.html`);

function publicPageHead(page: PublicPage, site: string, preloadImage?: string): PageHead {
  return {
    preloadImage,
    title: documentTitle(page.title),
    name: page.title,
    description: page.description,
    canonical: `${site}${page.path}`,
    image: `${site}${siteImagePath}`,
    imageAlt: siteName,
    type: 'website',
  };
}

export function productHead(product: Product, site: string): PageHead {
  const absolute = (url: string) => new URL(url, `${site}/`).href;
  const url = `${site}${productPath(product.id)}`;
  const image = absolute(productImage(product));
  const images = [...new Set([image, ...product.images.map((picture) => absolute(picture.url))])];
  const shown = displayVariant(product);
  return {
    title: documentTitle(product.title),
    name: product.title,
    description: metaDescription(product.description),
    canonical: url,
    image,
    imageAlt: product.title,
    type: 'product',
    extraOpenGraph: shown
      ? [
          ['product:price:amount', schemaPrice(effectivePrice(shown))],
          ['product:price:currency', shown.currency.toUpperCase()],
        ]
      : [],
    structuredData: productStructuredData(product, { url, images }),
    // The gallery's first picture: what a shared link's visitor sees largest.
    preloadImage: productGallery(product)[0]?.main.src,
  };
}

/** The newest modification among the products, for the pages that list them. */
function newest(products: Product[]): string | null {
  const dates = products.map((product) => product.updated_at).filter((date): date is string => date !== null && !Number.isNaN(Date.parse(date)));
  return dates.reduce<string | null>((latest, date) => (latest === null || Date.parse(date) > Date.parse(latest) ? date : latest), null);
}

export function sitePages({ indexHtml, robotsTxt, site, products }: { indexHtml: string; robotsTxt: string; site: string; products: Product[] }): SitePages {
  const pages = Object.values(publicPages);
  const rendered = products.filter((product) => safeId(product.id));
  const forSale = rendered.filter((product) => product.purchasable);
  const listingDate = newest(forSale);
  const sitemap: SitemapEntry[] = [
    ...pages.map((page) => ({ loc: `${site}${page.path}`, lastmod: page === publicPages.home || page === publicPages.store ? listingDate : null })),
    ...forSale.map((product) => ({ loc: `${site}${productPath(product.id)}`, lastmod: product.updated_at })),
  ];
  return {
    files: [
      // The store lists the catalogue in the order read here: its first card's picture (the grid's size) is its largest.
      ...pages.map((page) => ({
        path: htmlFileOf(page.path),
        route: headOnly.has(page) ? undefined : page.path,
        content: withPageHead(indexHtml, publicPageHead(page, site, page === publicPages.store && products[0] ? productCardImage(products[0]).src : undefined)),
      })),
      ...rendered.map((product) => ({ path: htmlFileOf(productPath(product.id)), route: productPath(product.id), content: withPageHead(indexHtml, productHead(product, site)) })),
      { path: 'sitemap.xml', content: sitemapXml(sitemap) },
      { path: 'robots.txt', content: robotsWithSitemap(robotsTxt, `${site}/sitemap.xml`) },
    ],
    skipped: products.filter((product) => !safeId(product.id)).map((product) => product.id),
  };
}
