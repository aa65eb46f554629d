// The build step that writes the crawler-readable pages into a built web app: reads the whole
// catalogue from the commerce service (the app's own reads: same normalising, fresh stock),
// then writes each public page's and each product's HTML (its head, and its body as the app
// renders it), sitemap.xml and robots.txt.
// Loaded by scripts/prerender.ts through Vite (aliases and import.meta.env as in the app).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { appShellPath } from '../../hosting/site-policy';
import { getProducts } from '@/features/catalogue/api/get-products';
import type { Product } from '@/lib/commerce-types';
import { withInlineStylesheets } from '@/prerender/inline-stylesheet';
import { withPageBody } from '@/prerender/page-body';
import { renderPageBody } from '@/prerender/render-page';
import { sitePages } from '@/prerender/site-pages';

/** The commerce service's largest page. */
const pageSize = 100;

export async function wholeCatalogue(): Promise<Product[]> {
  const products: Product[] = [];
  for (;;) {
    const page = await getProducts({ offset: String(products.length), limit: String(pageSize) });
    products.push(...page.products);
    if (page.products.length === 0 || products.length >= page.count) return products;
  }
}

export async function prerenderSite({ outDir, site }: { outDir: string; site: string }): Promise<{ pages: number; products: number; skipped: string[] }> {
  const products = await wholeCatalogue();
  const { files, skipped } = sitePages({
    // The bare shell, not index.html: that is the home page once pre-rendered (hosting/site-policy).
    indexHtml: readFileSync(join(outDir, appShellPath), 'utf8'),
    robotsTxt: readFileSync(join(outDir, 'robots.txt'), 'utf8'),
    site,
    products,
  });
  const readAsset = (asset: string) => readFileSync(join(outDir, asset), 'utf8');
  for (const file of files) {
    const path = join(outDir, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.route === undefined ? file.content : withInlineStylesheets(withPageBody(file.content, await renderPageBody(file.route)), readAsset));
  }
  return { pages: files.filter((file) => file.path.endsWith('.html')).length, products: products.length - skipped.length, skipped };
}
