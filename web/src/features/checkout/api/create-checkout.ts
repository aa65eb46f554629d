// The browser never talks to the commerce checkout: `create-checkout` prices the cart on the
// server, records the pending checkout for the signed-in buyer and returns the hosted page URL.
import { useMutation } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/supabase-loader';

export interface CheckoutItem {
  variant_id: string;
  quantity: number;
}

export interface CreateCheckoutBody {
  items: CheckoutItem[];
  successUrl: string;
  cancelUrl: string;
  locale: 'fr';
  timeZone: string;
}

/**
 * create-checkout's 429: the buyer started too many checkouts (README "Rate limits"); `detail` is
 * the function's French sentence for them.
 */
export class CheckoutRateLimitedError extends Error {
  constructor(readonly detail: string) {
    super('create-checkout: rate limited');
  }
}

/** The French detail of a 429, read from the answer supabase-js keeps on a non-2xx error (`context`). */
async function rateLimitDetail(error: { context?: unknown }): Promise<string | null> {
  const response = error.context;
  if (!(response instanceof Response) || response.status !== 429) return null;
  const body = (await response.json().catch(() => null)) as { error?: { detail?: unknown } } | null;
  const detail = body?.error?.detail;
  return typeof detail === 'string' ? detail : null;
}

export async function createCheckout(items: CheckoutItem[]): Promise<string> {
  const body: CreateCheckoutBody = {
    items,
    successUrl: `${window.location.origin}/success`,
    cancelUrl: window.location.href,
    locale: 'fr',
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
  const supabase = await loadSupabase();
  const { data, error } = await supabase.functions.invoke<{ url?: string }>('create-checkout', { body });
  if (error) {
    const detail = await rateLimitDetail(error);
    throw detail ? new CheckoutRateLimitedError(detail) : error;
  }
  if (!data?.url) throw new Error('create-checkout returned no url');
  return data.url;
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
