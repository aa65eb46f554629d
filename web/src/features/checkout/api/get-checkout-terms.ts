// What the cart panel asks the buyer to tick: the CGV version in force and the database's two
// sentences (public.checkout_terms(), the same wording create-checkout stores with the checkout).
import { queryOptions } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/supabase-loader';

export interface CheckoutTerms {
  /** Null while no CGV is published: nobody can check out. */
  cgv_version: number | null;
  cgv_label: string;
  immediate_access_label: string;
}

export async function getCheckoutTerms(): Promise<CheckoutTerms> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('checkout_terms');
  if (error) throw error;
  return data as unknown as CheckoutTerms;
}

export const checkoutTermsQueryKey = ['checkout-terms'] as const;

export const checkoutTermsQueryOptions = () => queryOptions({ queryKey: checkoutTermsQueryKey, queryFn: getCheckoutTerms, staleTime: 0 });
