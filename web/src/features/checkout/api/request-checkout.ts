// The call to `create-checkout` and the reading of its refusals, loaded by useCreateCheckout when
// the buyer checks out (create-checkout.ts).
import { CheckoutRefusedError, type CheckoutConsent, type CheckoutItem } from '@/features/checkout/api/create-checkout';
import { loadSupabase } from '@/lib/supabase-loader';

export interface CreateCheckoutBody {
  items: CheckoutItem[];
  successUrl: string;
  cancelUrl: string;
  locale: 'fr';
  timeZone: string;
  consent: CheckoutConsent;
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
