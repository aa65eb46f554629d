// A site planned before anything starts: free ports for the web app, the API and the commerce
// double, the project's keys, and the web app's build environment that names them. Everything a
// build needs is chosen here, so the build can run while the stack starts on the same ports.
import { freePort } from '../lib/free-port.ts';
import type { WebEnv } from '../lib/web-app.ts';
import { type CatalogueSource, commerceStoreId } from './launch.ts';
import { newProjectKeys, type ProjectKeys } from './project-keys.ts';

export interface SitePlan {
  webPort: number;
  siteUrl: string;
  keys: ProjectKeys;
  /** The stack's ports, as `startLocalStack` takes them. */
  ports: { api: number; commerce: number };
  webEnv: WebEnv;
}

/** `catalogueSource`: the catalogue the web app reads, as the stack's functions price from it (`startLocalStack`'s option). */
export async function planSite(adminEmail: string, catalogueSource: CatalogueSource = 'hostinger'): Promise<SitePlan> {
  const [webPort, api, commerce] = await Promise.all([freePort(), freePort(), freePort()]);
  const siteUrl = `http://127.0.0.1:${webPort}`;
  const keys = newProjectKeys();
  return {
    webPort,
    siteUrl,
    keys,
    ports: { api, commerce },
    webEnv: siteWebEnv({
      apiUrl: `http://127.0.0.1:${api}`,
      publishableKey: keys.publishableKey,
      commerceUrl: `http://127.0.0.1:${commerce}`,
      siteUrl,
      adminEmail,
      catalogueSource,
    }),
  };
}

/** The build environment of a site on a stack: what its build was given, so a later pre-rendering writes the same pages. */
export function siteWebEnv(site: { apiUrl: string; publishableKey: string; commerceUrl: string; siteUrl: string; adminEmail: string; catalogueSource: CatalogueSource }): WebEnv {
  return {
    VITE_SUPABASE_URL: site.apiUrl,
    VITE_SUPABASE_PUBLISHABLE_KEY: site.publishableKey,
    VITE_COMMERCE_API_URL: site.commerceUrl,
    VITE_COMMERCE_STORE_ID: commerceStoreId,
    VITE_ADMIN_EMAIL: site.adminEmail,
    VITE_SITE_URL: site.siteUrl,
    ...(site.catalogueSource === 'shop' && { VITE_CATALOGUE_SOURCE: site.catalogueSource }),
  };
}
