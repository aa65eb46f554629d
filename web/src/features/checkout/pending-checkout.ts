// A checkout started while signed out waits here (this tab only) until the visitor has logged in
// and is back on the page they left; then it continues, so digital goods land in an account. The
// consent the visitor gave in the cart panel waits with it (create-checkout records its time).
import type { CheckoutConsent } from '@/features/checkout/api/create-checkout';

const KEY = 'lumiere-sacree-pending-checkout';
const MAX_AGE_MS = 30 * 60_000;

export interface PendingCheckout {
  /** Path, query and hash of the page the checkout was started from. */
  returnTo: string;
  createdAt: number;
  consent: CheckoutConsent;
}

export function savePendingCheckout(returnTo: string, consent: CheckoutConsent, now = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ returnTo, createdAt: now, consent } satisfies PendingCheckout));
  } catch {
    // Without session storage the visitor simply clicks "Finaliser la Commande" again.
  }
}

export function readPendingCheckout(now = Date.now()): PendingCheckout | null {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<PendingCheckout> | null;
    if (typeof parsed?.returnTo !== 'string' || typeof parsed.createdAt !== 'number') return null;
    const consent = parsed.consent;
    if (typeof consent?.cgvVersion !== 'number' || consent.acceptsCgv !== true || consent.requestsImmediateAccess !== true) return null;
    return now - parsed.createdAt <= MAX_AGE_MS ? { returnTo: parsed.returnTo, createdAt: parsed.createdAt, consent } : null;
  } catch {
    return null;
  }
}

export function clearPendingCheckout(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
