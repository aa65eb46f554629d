// The provider's hosted payment page as a buyer meets it, whichever takes the payments of this
// worker's site (its COMMERCE_PROVIDER): Hostinger's checkout, played by the commerce sandbox's
// page, or Stripe's Checkout, played by its double (scripts/stripe-sandbox/payment-page.ts). The
// journeys that hold on every shop (journey-sets.ts) pay, refuse and cancel through it.
import type { Locator, Page } from 'playwright-core';

export interface HostedPaymentPage {
  /** Its address once the shop has sent the buyer there. */
  address: RegExp;
  /** The shop's back-from-payment address: /success naming its checkout (and Stripe's session). */
  successAddress: RegExp;
  /** What a signed-in buyer fills in there before paying. */
  fillIn(page: Page, email: string): Promise<void>;
  /** The button that pays with a card the bank takes. */
  payButton(page: Page): Locator;
  /** The button that pays with a card the bank refuses. */
  declineButton(page: Page): Locator;
  /** What the page then says. */
  declined: string;
  /** The way back to the shop without paying. */
  cancelControl(page: Page): Locator;
}

/** The choices of Stripe's page: the test card, the test IBAN's SEPA debit, the declined test card. */
const stripeChoices = { card: 'Payer par carte', sepa_debit: 'Payer par prélèvement SEPA', card_declined: 'Payer avec une carte refusée' };

export const stripePayButton = (page: Page, choice: keyof typeof stripeChoices) => page.getByRole('button', { name: new RegExp(`^${stripeChoices[choice]} \\(`) });

/** Hostinger's checkout: the buyer types their e-mail; the sandbox's page can refuse or cancel. */
const hostingerPage: HostedPaymentPage = {
  address: /\/pay\/cs_/,
  successAddress: /\/success\?checkout=[0-9a-f-]{36}$/,
  fillIn: (page, email) => page.getByLabel('Adresse e-mail').fill(email),
  payButton: (page) => page.getByRole('button', { name: 'Payer' }),
  declineButton: (page) => page.getByRole('button', { name: 'Simuler un refus' }),
  declined: 'Paiement refusé par la banque.',
  cancelControl: (page) => page.getByRole('button', { name: 'Annuler' }),
};

/** Stripe's Checkout: the e-mail comes from the checkout; its own terms box is ticked when it asks. */
const stripePage: HostedPaymentPage = {
  address: /\/c\/pay\/cs_test_\w+$/,
  successAddress: /\/success\?checkout=[0-9a-f-]{36}&session_id=cs_test_\w+$/,
  async fillIn(page) {
    const terms = page.getByRole('checkbox', { name: /conditions générales de vente/ });
    if ((await terms.count()) > 0) await terms.check();
  },
  payButton: (page) => stripePayButton(page, 'card'),
  declineButton: (page) => stripePayButton(page, 'card_declined'),
  declined: 'Votre carte a été refusée.',
  cancelControl: (page) => page.getByRole('link', { name: '← Retour à la boutique' }),
};

/** The page of the provider taking this site's payments. */
export const paymentPage: HostedPaymentPage = process.env.COMMERCE_PROVIDER === 'stripe' ? stripePage : hostingerPage;
