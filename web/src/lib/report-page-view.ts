// Counts a public page view with record_page_view (supabase/migrations/*_page_views.sql): the
// path and, for the page a visitor arrived on, the referring site's host. A plain POST to the
// REST API with the public key, not supabase-js, which anonymous visitors never load; keepalive,
// so a view still counts when the visitor leaves at once. Never throws: visits are the shop's
// statistics, and a failure is nobody's business but the shop's.
import { env } from '@/config/env';

const maxPathLength = 512;

/** The referring site's host when it is another site than this one; null otherwise. */
export function referrerHost(referrer: string, ownHost: string): string | null {
  try {
    const host = new URL(referrer).host.toLowerCase();
    return host && host !== ownHost.toLowerCase() ? host : null;
  } catch {
    return null;
  }
}

export async function reportPageView(path: string, referrer: string | null): Promise<void> {
  try {
    await fetch(`${env.VITE_SUPABASE_URL}/rest/v1/rpc/record_page_view`, {
      method: 'POST',
      keepalive: true,
      headers: { apikey: env.VITE_SUPABASE_PUBLISHABLE_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ p_path: path.slice(0, maxPathLength), p_referrer_host: referrer }),
    });
  } catch {
    // Offline or blocked: the view is not counted, and the visitor sees nothing of it.
  }
}
