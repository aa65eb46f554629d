// `npm run prerender` (part of `npm run build`): writes the crawler-readable pages, sitemap.xml
// and robots.txt into a built web app from today's catalogue (src/prerender). Runs on its own
// over an existing build too, which is how a schedule keeps the pages in step with the catalogue.
//   npx tsx web/scripts/prerender.ts [--outDir web/dist]
// Reads the build's variables (VITE_COMMERCE_API_URL, VITE_COMMERCE_STORE_ID, VITE_SITE_URL…)
// from the environment and web/.env* files, as `vite build` does. Fails if the catalogue cannot
// be read: a build without its product pages must not be deployed.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { JSDOM } from 'jsdom';
import { createServer, loadEnv, type Plugin } from 'vite';

const webDir = resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { outDir: { type: 'string' } } });
const outDir = resolve(values.outDir ?? resolve(webDir, 'dist'));

// The meta description is the description's text, taken by the browser's own HTML parser in the app.
globalThis.DOMParser = new JSDOM('').window.DOMParser;

// The app's `dompurify` is the one bound to a JSDOM window (the pages' bodies sanitize descriptions).
const dompurifyWithJsdom = resolve(webDir, 'scripts/dompurify-jsdom.ts');
const dompurifyPlugin: Plugin = {
  name: 'dompurify-with-jsdom',
  enforce: 'pre',
  resolveId: (source, importer) => (source === 'dompurify' && importer !== dompurifyWithJsdom ? dompurifyWithJsdom : undefined),
};

const buildEnv = loadEnv('production', webDir, 'VITE_');
const server = await createServer({
  root: webDir,
  mode: 'production',
  logLevel: 'warn',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
  optimizeDeps: { noDiscovery: true, include: [] },
  // Bundled by Vite, not left to Node, so that the plugin above decides what `dompurify` is.
  ssr: { noExternal: ['dompurify'] },
  plugins: [dompurifyPlugin],
});
try {
  const { siteUrlFrom, localSiteUrl } = (await server.ssrLoadModule('/src/prerender/site-url.ts')) as typeof import('../src/prerender/site-url.ts');
  const { prerenderSite } = (await server.ssrLoadModule('/src/prerender/generate.ts')) as typeof import('../src/prerender/generate.ts');
  const site = siteUrlFrom(buildEnv.VITE_SITE_URL);
  if (site === localSiteUrl) console.warn(`prerender: VITE_SITE_URL is not set; canonical URLs and the sitemap use ${localSiteUrl}`);
  const { pages, products, skipped } = await prerenderSite({ outDir, site });
  for (const id of skipped) console.warn(`prerender: product ${id} left to the app (its id cannot name a folder)`);
  console.log(`prerender: ${pages} pages (${products} products), sitemap.xml and robots.txt for ${site} in ${outDir}`);
} finally {
  await server.close();
}
