// The consent a buyer gives in the cart panel, for the Node callers of create-checkout that play
// a buyer (the demo purchase, the tests, the benchmarks): both boxes ticked on the CGV version in
// force, as the database's checkout_terms() reports it.
import type { SupabaseClient } from '@supabase/supabase-js';

export interface CheckoutConsent {
  cgvVersion: number;
  acceptsCgv: true;
  requestsImmediateAccess: true;
}

export async function checkoutConsent(supabase: SupabaseClient): Promise<CheckoutConsent> {
  const { data, error } = await supabase.rpc('checkout_terms');
  const version = (data as { cgv_version?: number | null } | null)?.cgv_version;
  if (error || typeof version !== 'number') throw new Error(`no CGV in force to consent to: ${error?.message ?? 'none published'}`);
  return { cgvVersion: version, acceptsCgv: true, requestsImmediateAccess: true };
}
