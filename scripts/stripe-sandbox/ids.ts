// Identifiers shaped as Stripe's: its prefixes (cs_test_, pi_, ch_, re_, dp_, evt_, we_, li_, …)
// then random letters and digits, so that code which checks a prefix sees what Stripe sends.
import { randomInt } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomChars(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export const newId = (prefix: string) => `${prefix}_${randomChars(24)}`;

/** A test-mode Checkout Session id: `cs_test_`, then `a1` for a payment-mode session, as Stripe's read. */
export const newSessionId = () => `cs_test_a1${randomChars(56)}`;

/** A PaymentIntent's client secret: its id, `_secret_`, then random characters. */
export const clientSecretOf = (paymentIntentId: string) => `${paymentIntentId}_secret_${randomChars(25)}`;

/** A test-mode secret key for one run of the double; it opens nothing else. */
export const newLocalSecretKey = () => `sk_test_local${randomChars(32)}`;

/** A webhook endpoint's signing secret. */
export const newWebhookSecret = () => `whsec_${randomChars(32)}`;
