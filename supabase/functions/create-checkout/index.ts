// create-checkout: a signed-in buyer's cart → a hosted checkout URL. Every line is priced from
// the catalogue (never from the request: price-lines.ts; the storefront API's, or the shop's own
// tables with CATALOGUE_SOURCE=shop), stock and purchasability are checked, the return URLs
// must be on the site, both consent boxes must be ticked on the CGV in force (consent.ts), and the
// pending checkout is recorded with that consent, under an id of the shop's own, for record-order
// to match to its payment and copy later. The buyer comes back to `/success?checkout=<that id>`.
// The provider gets the priced checkout (the shop's id, the lines with their titles, the currency,
// the buyer's account e-mail, the return URLs) and takes of it what its API takes (Hostinger's
// storefront: the variants, quantities and URLs alone); a provider that answers an id of its own
// for the checkout has it recorded beside the shop's (`provider_checkout_id`). The checkout row
// (`checkout_sessions`, service role) keeps the priced lines and the buyer's account e-mail. Limits (claim_checkout() within begin_checkout()):
// 5 checkouts in 10 minutes, 3 pending at once (see beginCheckout). Round trips, as
// `npm run bench:load -- --rate …` counts them: database 2 (begin_checkout() as the buyer, the
// pending checkout's insert), commerce 2 (the catalogue, the hosted checkout; with
// CATALOGUE_SOURCE=shop the catalogue is a third database call and commerce 1); no auth call
// (requireUser verifies the token locally).
import { catalogueFromEnv, type CommerceProvider, providerFromEnv } from '../_shared/commerce-provider.ts';
import { limitBody } from '../_shared/body-limit.ts';
import { preflight } from '../_shared/cors.ts';
import { badRequest, errorResponse, HttpError, jsonResponse, readJson } from '../_shared/errors.ts';
import { CreateCheckoutBody, parseBody } from '../_shared/schemas.ts';
import { requireUser } from '../_shared/caller.ts';
import { reconcileCheckouts } from '../_shared/reconcile-checkouts.ts';
import { callerClient, requireEnv, serviceClient } from '../_shared/supabase.ts';
import { type CheckoutTerms, recordedConsent, requireTickedBoxes, versionRefusal } from './consent.ts';
import { priceLines } from './price-lines.ts';

function requireSiteOrigin(field: string, url: string): void {
  if (new URL(url).origin !== new URL(requireEnv('SITE_URL')).origin) {
    throw badRequest('foreign_return_url', `${field} must be on the shop's own site.`);
  }
}

/** claim_checkout()'s refusal while the buyer has as many pending checkouts as allowed. */
const tooManyPending = (error: { code?: string; message: string }) => error.code === 'PT429' && error.message.startsWith('Too many checkouts are open');

/**
 * The buyer's oldest pending checkout is given up for the new one (`canceled`): the provider cannot
 * tell a page left or « Annuler » pressed from one still open, and a buyer back from it three times
 * must not be held back. A payment on it later is still matched (_shared/reconcile-checkouts.ts).
 */
async function giveUpOldestPending(buyer: string): Promise<void> {
  const service = serviceClient();
  const { data, error } = await service.from('checkout_sessions').select('id').eq('user_id', buyer).eq('status', 'pending').order('created_at').limit(1).returns<{ id: string }[]>();
  if (error) throw new Error(`reading the pending checkouts of ${buyer}: ${error.message}`);
  if (data.length === 0) return;
  const { error: update } = await service.from('checkout_sessions').update({ status: 'canceled' }).eq('id', data[0]!.id).eq('status', 'pending');
  if (update) throw new Error(`giving up checkout ${data[0]!.id}: ${update.message}`);
}

/**
 * One call to the database before the provider opens a checkout: the consent's CGV version must be
 * the one in force (else 409), then the checkout counts against the buyer's limits
 * (docs/abuse-limits.md): past them, the database refuses with PT429 and so do we, with 429. Refused for its
 * pending checkouts, the buyer's are first matched to the provider's payments, as their dashboard
 * does (one paid meanwhile recorded); then, still at the limit, the oldest is given up for this
 * one. The limit of five checkouts in ten minutes stands whatever happens.
 */
async function beginCheckout(request: Request, buyer: string, cgvVersion: number | null | undefined, provider: CommerceProvider): Promise<CheckoutTerms> {
  const begin = () => callerClient(request).rpc('begin_checkout', { p_cgv_version: cgvVersion ?? null });
  let { data, error } = await begin();
  if (error && tooManyPending(error)) {
    await reconcileCheckouts(serviceClient(), provider, buyer);
    ({ data, error } = await begin());
  }
  if (error && tooManyPending(error)) {
    await giveUpOldestPending(buyer);
    ({ data, error } = await begin());
  }
  if (!error) return data as CheckoutTerms;
  const refused = versionRefusal(error);
  if (refused) throw refused;
  if (error.code === 'PT429') {
    throw new HttpError(429, 'rate_limited', error.message, {
      detail: 'Vous avez commencé plusieurs paiements en peu de temps. Veuillez patienter quelques minutes avant de réessayer.',
    });
  }
  throw new Error(`beginning a checkout: ${error.message}`);
}

Deno.serve(limitBody(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  try {
    const user = await requireUser(request);
    const body = parseBody(CreateCheckoutBody, await readJson(request));
    if (body.items.length === 0) throw badRequest('empty_cart', 'The cart is empty.');
    requireSiteOrigin('successUrl', body.successUrl);
    requireSiteOrigin('cancelUrl', body.cancelUrl);
    const provider = providerFromEnv();
    const consent = recordedConsent(await beginCheckout(request, user.id, requireTickedBoxes(body.consent).cgvVersion, provider));
    const catalogue = await catalogueFromEnv().findVariants(body.items.map((item) => item.variant_id));
    const lines = priceLines(catalogue, body.items);
    // Spec §7: the order's currency is the first line's; one checkout cannot charge two.
    const currency = lines[0]?.currency ?? 'eur';
    if (lines.some((line) => line.currency !== currency)) throw badRequest('mixed_currencies', 'All items must be priced in one currency.');
    const total = lines.reduce((sum, line) => sum + line.unit_price_cents * line.quantity, 0);

    const checkoutId = crypto.randomUUID();
    const successUrl = new URL(body.successUrl);
    successUrl.searchParams.set('checkout', checkoutId);
    const buyerEmail = user.email || null;
    const checkout = await provider.openCheckout({
      id: checkoutId,
      pricedAt: new Date(),
      lines,
      currency,
      buyerEmail,
      successUrl: successUrl.toString(),
      cancelUrl: body.cancelUrl,
      locale: body.locale,
      timeZone: body.timeZone,
    });
    const { error } = await serviceClient().from('checkout_sessions').insert({
      id: checkoutId,
      user_id: user.id,
      buyer_email: buyerEmail,
      provider_checkout_id: checkout.providerCheckoutId ?? null,
      items: lines,
      total_amount_cents: total,
      currency,
      status: 'pending',
      ...consent,
    });
    if (error) throw new Error(`recording checkout ${checkoutId}: ${error.message}`);
    return jsonResponse({ url: checkout.url });
  } catch (error) {
    return errorResponse(error);
  }
}));
