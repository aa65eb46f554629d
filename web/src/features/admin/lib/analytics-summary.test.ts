import { expect, it } from 'vitest';
import type { AnalyticsDay, ProductFigures } from '@/features/admin/api/get-analytics';
import { summarise, topProducts } from '@/features/admin/lib/analytics-summary';

const day = (overrides: Partial<AnalyticsDay>): AnalyticsDay => ({
  day: '2026-11-26', revenue_cents: 0, refunded_cents: 0, net_revenue_cents: 0, refunds: 0, orders: 0, checkouts: 0, new_accounts: 0, page_views: 0, visitors: 0, ...overrides,
});

it('adds up the period and derives the average basket and the conversion', () => {
  const summary = summarise([
    day({ revenue_cents: 4500, net_revenue_cents: 4500, orders: 1, checkouts: 2, new_accounts: 1, page_views: 10, visitors: 4 }),
    day({ revenue_cents: 3000, refunded_cents: 700, net_revenue_cents: 2300, refunds: 1, orders: 2, checkouts: 2, page_views: 5, visitors: 2 }),
  ]);
  expect(summary).toEqual({
    revenueCents: 7500, refundedCents: 700, refunds: 1, netRevenueCents: 6800, orders: 3, averageBasketCents: 2500, checkouts: 4, conversion: 0.75,
    newAccounts: 1, pageViews: 15, visitors: 6,
  });
});

it('counts a refund of an older sale in the period, so the net can fall below zero', () => {
  const summary = summarise([day({ refunded_cents: 1400, net_revenue_cents: -1400, refunds: 1 })]);
  expect(summary).toMatchObject({ revenueCents: 0, refundedCents: 1400, refunds: 1, netRevenueCents: -1400, averageBasketCents: null });
});

it('has no average basket without orders and no conversion without checkouts', () => {
  const summary = summarise([day({})]);
  expect(summary.averageBasketCents).toBeNull();
  expect(summary.conversion).toBeNull();
});

it('ranks products by the figure asked, leaving out those at zero', () => {
  const product = (product_title: string, units: number, revenue_cents: number, downloads: number): ProductFigures => ({ product_title, units, revenue_cents, downloads });
  const products = [product('Aube', 5, 5000, 0), product('Soir', 1, 9000, 3), product('Lune', 0, 0, 7), product('Étoile', 5, 2000, 1)];
  expect(topProducts(products, 'revenue_cents').map((p) => p.product_title)).toEqual(['Soir', 'Aube', 'Étoile']);
  expect(topProducts(products, 'units').map((p) => p.product_title)).toEqual(['Aube', 'Étoile', 'Soir']);
  expect(topProducts(products, 'downloads', 2).map((p) => p.product_title)).toEqual(['Lune', 'Soir']);
});
