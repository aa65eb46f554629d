// Anonymous reads of the shop's own catalogue (VITE_CATALOGUE_SOURCE=shop): its read functions
// through the Supabase API (docs/catalogue.md), which answer the commerce service's JSON (spec §7),
// fresh stock included, in one request each. A plain fetch rather than supabase-js, which is not on
// the start-up path (lib/supabase-loader.ts: its weight would break the home page's 100 KB), and
// without the caller's session: the catalogue is the same for everyone. The `apikey` header costs
// one CORS preflight per browser and per Access-Control-Max-Age, not per read.
import { env } from '@/config/env';

export async function shopCatalogueCall<T>(name: 'storefront_products' | 'storefront_product', args: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${env.VITE_SUPABASE_URL}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: env.VITE_SUPABASE_PUBLISHABLE_KEY, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(args),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${response.statusText}`);
  return (await response.json()) as T;
}
