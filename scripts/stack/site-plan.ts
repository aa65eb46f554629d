// A site planned before anything starts: free ports for the web app, the API and the commerce
// double, the project's keys, and the web app's build environment that names them. Everything a
// build needs is chosen here, so the build can run while the stack starts on the same ports.
import { freePort } from '../lib/free-port.ts';
import type { WebEnv } from '../lib/web-app.ts';
import { type CatalogueSource, type CommerceProvider, commerceStoreId, hostingerRunsFor } from './launch.ts';
import { newProjectKeys, type ProjectKeys } from './project-keys.ts';

export interface SitePlan {
  webPort: number;
  siteUrl: string;
  keys: ProjectKeys;
  /** The stack's ports, as `startLocalStack` takes them. */
  ports: { api: number; commerce?: number };
  webEnv: WebEnv;
}

/**
 * `catalogueSource`: the catalogue the web app reads, as the stack's functions price from it, and
 * `commerceProvider`: who takes the payments (`startLocalStack`'s options). A shop on its own
 * catalogue whose payments Stripe takes runs without Hostinger's doubles: no port, no address.
 */
export async function planSite(adminEmail: string, catalogueSource: CatalogueSource = 'hostinger', commerceProvider: CommerceProvider = 'hostinger'): Promise<SitePlan> {
  const hostinger = hostingerRunsFor(commerceProvider, catalogueSource);
  const [webPort, api, commerce] = await Promise.all([freePort(), freePort(), hostinger ? freePort() : undefined]);
  const siteUrl = `http://127.0.0.1:${webPort}`;
  const keys = newProjectKeys();
  return {
    webPort,
    siteUrl,
    keys,
    ports: { api, ...(commerce !== undefined && { commerce }) },
    webEnv: siteWebEnv({
      apiUrl: `http://127.0.0.1:${api}`,
      publishableKey: keys.publishableKey,
      commerceUrl: commerce === undefined ? undefined : `http://127.0.0.1:${commerce}`,
      siteUrl,
      adminEmail,
      catalogueSource,
    }),
  };
}

/** The build environment of a site on a stack: what its build was given, so a later pre-rendering writes the same pages. */
export function siteWebEnv(site: { apiUrl: string; publishableKey: string; commerceUrl: string | undefined; siteUrl: string; adminEmail: string; catalogueSource: CatalogueSource }): WebEnv {
  return {
    VITE_SUPABASE_URL: site.apiUrl,
    VITE_SUPABASE_PUBLISHABLE_KEY: site.publishableKey,
    ...(site.commerceUrl && { VITE_COMMERCE_API_URL: site.commerceUrl, VITE_COMMERCE_STORE_ID: commerceStoreId }),
    VITE_ADMIN_EMAIL: site.adminEmail,
    VITE_SITE_URL: site.siteUrl,
    ...(site.catalogueSource === 'shop' && { VITE_CATALOGUE_SOURCE: site.catalogueSource }),
  };
}
