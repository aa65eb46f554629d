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
  if (error) throw error;
  if (!data?.url) throw new Error('create-checkout returned no url');
  return data.url;
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
