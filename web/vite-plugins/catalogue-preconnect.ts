// index.html's preconnects (%CATALOGUE_ORIGIN%) name where the first page's catalogue comes from,
// so that the browser opens those connections while the app's code downloads: the commerce
// service, or, on the shop's own catalogue (VITE_CATALOGUE_SOURCE=shop), the Supabase project,
// whose storefront functions answer the reads and whose Storage serves the images. A build that
// names neither has no preconnect. Runs before Vite's own %VITE_…% replacement.
import type { Plugin } from 'vite';

const placeholder = '%CATALOGUE_ORIGIN%';

export function cataloguePreconnect(): Plugin {
  let origin: string | undefined;
  return {
    name: 'catalogue-preconnect',
    configResolved({ env }) {
      const url = env.VITE_CATALOGUE_SOURCE === 'shop' ? env.VITE_SUPABASE_URL : env.VITE_COMMERCE_API_URL;
      origin = url ? new URL(url).origin : undefined;
    },
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => (origin ? html.replaceAll(placeholder, origin) : html.replace(new RegExp(`\\s*<link rel="preconnect" href="${placeholder}"[^>]*>`, 'g'), '')),
    },
  };
}
