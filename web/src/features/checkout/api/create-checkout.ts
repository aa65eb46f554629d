// The browser never talks to the commerce checkout: `create-checkout` prices the cart on the
// server, checks the buyer's consent (both boxes of the cart panel, on the CGV in force), records
// the pending checkout for the signed-in buyer and returns the hosted page URL. The request itself
// (request-checkout.ts) is loaded when the buyer checks out, not with every page.
import { useMutation } from '@tanstack/react-query';

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

/**
 * create-checkout refused the checkout with a sentence for the buyer (`detail`): a box unticked
 * or the CGV changed meanwhile (400, 409), too many checkouts at once (429, docs/abuse-limits.md).
 */
export class CheckoutRefusedError extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
  ) {
    super(`create-checkout: ${code}`);
  }
}

export function useCreateCheckout() {
  return useMutation({
    mutationFn: async (checkout: { items: CheckoutItem[]; consent: CheckoutConsent }) => {
      const { createCheckout } = await import('@/features/checkout/api/request-checkout');
      return createCheckout(checkout);
    },
  });
}
