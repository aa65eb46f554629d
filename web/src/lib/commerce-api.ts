// Anonymous reads from the commerce service (spec §7). Checkout never goes through here:
// it is priced and opened server-side by the `create-checkout` edge function.
// The service speaks JSON (spec §7). A GET has no body, so it asks for JSON with `Accept`, a header
// browsers send cross-origin without a CORS preflight: a `Content-Type` here would cost every
// catalogue read an extra OPTIONS round trip before the request itself.
import { env } from '@/config/env';

export async function commerceGet<T>(path: string, params?: URLSearchParams): Promise<T> {
  const query = params?.toString();
  const url = `${env.VITE_COMMERCE_API_URL}/store/${env.VITE_COMMERCE_STORE_ID}${path}${query ? `?${query}` : ''}`;
  const response = await fetch(url, { method: 'GET', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${response.statusText}`);
  return (await response.json()) as T;
}
