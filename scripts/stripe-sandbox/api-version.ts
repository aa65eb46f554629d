// The one API version the double speaks: that of the SDK the shop pins (stripe 12.3.0), which is
// also that of the only Stripe document to be had here (stripe/openapi's spec3 of v309, which
// openapi/components.json is taken from). The compiler holds the two together: a new SDK with
// another version fails here.
import type Stripe from 'stripe';

export const apiVersion = '2022-11-15' satisfies Stripe.LatestApiVersion;
export type ApiVersion = typeof apiVersion;
