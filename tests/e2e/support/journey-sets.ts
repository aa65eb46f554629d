// Which browser journeys run on which sites (scripts/test.ts starts the sites, vitest.config.ts names
// the projects). The sites of the first set take their catalogue and their payments from Hostinger's
// doubles, as a shop runs by default; those of the second run the shop on Supabase and the Stripe
// double alone: its own catalogue (CATALOGUE_SOURCE=shop) and Stripe's payments (COMMERCE_PROVIDER=stripe).

/** The journeys of a shop whose payments Stripe takes. */
export const onStripeDir = 'tests/e2e/on-stripe/';
/** The journeys only a shop on its own catalogue has: its admin writes the catalogue. */
export const onShopCatalogueDir = 'tests/e2e/on-shop-catalogue/';

/**
 * The storefront's, the purchase's and the library's journeys, which hold whichever catalogue and
 * provider a shop runs on: run on both kinds of site.
 */
export const onEveryShop: readonly string[] = [
  'tests/e2e/storefront.test.ts',
  'tests/e2e/crawler.test.ts',
  'tests/e2e/deep-links.test.ts',
  'tests/e2e/legal-consent.test.ts',
  'tests/e2e/success-page.test.ts',
  'tests/e2e/paid-never-returned.test.ts',
  'tests/e2e/invoice-reorder.test.ts',
  'tests/e2e/customer-area.test.ts',
  'tests/e2e/library-viewer.test.ts',
  'tests/e2e/library-resume.test.ts',
  'tests/e2e/ritual-streaming.test.ts',
];

/** Whether a journey file runs on the sites on Hostinger's doubles. */
export const runsOnHostingerSites = (file: string): boolean => !file.startsWith(onStripeDir) && !file.startsWith(onShopCatalogueDir);

/** Whether a journey file runs on the sites of the shop alone (its own catalogue, Stripe's payments). */
export const runsOnOwnShopSites = (file: string): boolean => !runsOnHostingerSites(file) || onEveryShop.includes(file);
