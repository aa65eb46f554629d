// The browser never talks to the commerce checkout: `create-checkout` prices the cart on the
// server, checks the buyer's consent (both boxes of the cart panel, on the CGV in force), records
// the pending checkout for the signed-in buyer and returns the hosted page URL.
import { useMutation } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/supabase-loader';

export interface CheckoutItem {
  variant_id: string;
  quantity: number;
}

/** The cart panel's two boxes, ticked, on the CGV version the panel showed. */
export interface CheckoutConsent {
  cgvVersion: number;
  acceptsCgv: true;
  requestsImmediateAccess: true;
}

export interface CreateCheckoutBody {
  items: CheckoutItem[];
  successUrl: string;
  cancelUrl: string;
  locale: 'fr';
  timeZone: string;
  consent: CheckoutConsent;
}

/**
 * create-checkout refused the checkout with a sentence for the buyer (`detail`): a box unticked
 * or the CGV changed meanwhile (400, 409), too many checkouts at once (429, README "Rate limits").
 */
export class CheckoutRefusedError extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
  ) {
    super(`create-checkout: ${code}`);
  }
}

/** The code and French detail of a refusal, read from the answer supabase-js keeps on a non-2xx error (`context`). */
async function refusal(error: { context?: unknown }): Promise<CheckoutRefusedError | null> {
  const response = error.context;
  if (!(response instanceof Response) || ![400, 409, 429].includes(response.status)) return null;
  const body = (await response.json().catch(() => null)) as { error?: { code?: unknown; detail?: unknown } } | null;
  const { code, detail } = body?.error ?? {};
  return typeof detail === 'string' ? new CheckoutRefusedError(typeof code === 'string' ? code : String(response.status), detail) : null;
}

export async function createCheckout({ items, consent }: { items: CheckoutItem[]; consent: CheckoutConsent }): Promise<string> {
  const body: CreateCheckoutBody = {
    items,
    successUrl: `${window.location.origin}/success`,
    cancelUrl: window.location.href,
    locale: 'fr',
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    consent,
  };
  const supabase = await loadSupabase();
  const { data, error } = await supabase.functions.invoke<{ url?: string }>('create-checkout', { body });
  if (error) throw (await refusal(error)) ?? error;
  if (!data?.url) throw new Error('create-checkout returned no url');
  return data.url;
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
