import type { AnalyticsDay, ProductFigures } from '@/features/admin/api/get-analytics';

export interface AnalyticsSummary {
  /** Paid orders of the period, before refunds. */
  revenueCents: number;
  /** Given back in the period (credit notes issued in it, whatever the day of their order). */
  refundedCents: number;
  /** Credit notes issued in the period. */
  refunds: number;
  netRevenueCents: number;
  orders: number;
  /** Of the gross sales; null without orders. */
  averageBasketCents: number | null;
  checkouts: number;
  /** Orders recorded per checkout created, 0 to 1; null without checkouts. */
  conversion: number | null;
  newAccounts: number;
  pageViews: number;
  /** Unique visitors added up day by day (a visitor is unique within a day only). */
  visitors: number;
}

export function summarise(days: AnalyticsDay[]): AnalyticsSummary {
  const total = (pick: (day: AnalyticsDay) => number) => days.reduce((sum, day) => sum + pick(day), 0);
  const revenueCents = total((day) => day.revenue_cents);
  const orders = total((day) => day.orders);
  const checkouts = total((day) => day.checkouts);
  return {
    revenueCents,
    refundedCents: total((day) => day.refunded_cents),
    refunds: total((day) => day.refunds),
    netRevenueCents: total((day) => day.net_revenue_cents),
    orders,
    averageBasketCents: orders > 0 ? Math.round(revenueCents / orders) : null,
    checkouts,
    conversion: checkouts > 0 ? orders / checkouts : null,
    newAccounts: total((day) => day.new_accounts),
    pageViews: total((day) => day.page_views),
    visitors: total((day) => day.visitors),
  };
}

/** The first `count` products by the figure, largest first, none at zero. */
export function topProducts(products: ProductFigures[], by: 'revenue_cents' | 'units' | 'downloads', count = 10): ProductFigures[] {
  return products
    .filter((product) => product[by] > 0)
    .sort((a, b) => b[by] - a[by] || a.product_title.localeCompare(b.product_title, 'fr'))
    .slice(0, count);
}
