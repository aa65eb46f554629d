// /admin/analytics: sales, customers and visits over a chosen period, from admin-only database
// functions reading exact daily rollups; every chart with its table; the period's orders as CSV.
// Refunds are counted apart, on the day their credit note was issued: gross sales, refunds, net.
import { useEffect, useState } from 'react';
import { analyticsPeriods, useAnalytics, type AnalyticsDay, type AnalyticsPeriod } from '@/features/admin/api/get-analytics';
import { DailyChart } from '@/features/admin/components/daily-chart';
import { ExportOrdersButton } from '@/features/admin/components/export-orders-button';
import { ProductRanking } from '@/features/admin/components/product-ranking';
import { summarise, topProducts } from '@/features/admin/lib/analytics-summary';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { formatPrice } from '@/lib/format-price';

const count = new Intl.NumberFormat('fr-FR');
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 });
const euros = (cents: number) => formatPrice(cents, 'eur');
const plum = '#6f4aa8';
const gold = '#c99a2e';
const deepPlum = '#36205a';
const day = (row: AnalyticsDay) => row.day;
/** `1 commande`, `2 commandes` (French: plural from 2). */
const counted = (value: number, singular: string, plural: string) => `${count.format(value)} ${value > 1 ? plural : singular}`;

function Figure({ label, value, detail }: { label: string; value: string | undefined; detail?: string }) {
  return (
    <div className="rounded-3xl border border-plum-100 bg-white p-5 shadow-sm">
      <dt className="text-sm font-medium text-mist">{label}</dt>
      <dd className="mt-2">
        {value === undefined ? <Skeleton className="h-9 w-24 rounded-md" /> : <span className="block font-serif text-3xl font-semibold text-plum-900">{value}</span>}
        {detail ? <span className="mt-1 block text-sm text-mist">{detail}</span> : null}
      </dd>
    </div>
  );
}

export default function AnalyticsPage() {
  useDocumentMeta({ title: 'Analytique' });
  const [days, setDays] = useState<AnalyticsPeriod>(30);
  const analytics = useAnalytics(days);

  useEffect(() => {
    if (analytics.isError) console.error('Loading the analytics failed:', analytics.error);
  }, [analytics.isError, analytics.error]);

  const data = analytics.data;
  const summary = data ? summarise(data.days) : undefined;
  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-4xl font-semibold text-plum-900 sm:text-5xl">Analytique</h1>
          <p className="mt-3 text-lg text-mist">Les ventes, les clients et la fréquentation de la boutique.</p>
        </div>
        <ExportOrdersButton days={days} />
      </header>

      <div role="group" aria-label="Période" className="flex flex-wrap gap-2">
        {analyticsPeriods.map((period) => (
          <button
            key={period}
            type="button"
            aria-pressed={period === days}
            onClick={() => setDays(period)}
            className="rounded-full border border-plum-200 px-4 py-2 text-sm font-medium text-plum-800 transition-colors hover:bg-plum-50 aria-pressed:border-plum-700 aria-pressed:bg-plum-700 aria-pressed:text-ivory"
          >
            {period} jours
          </button>
        ))}
      </div>

      {analytics.isError ? (
        <p role="alert" className="rounded-3xl border border-red-200 bg-red-50 p-5 text-red-800">
          Impossible de charger les statistiques. Veuillez réessayer.
        </p>
      ) : null}

      <dl aria-label="Chiffres de la période" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure label="Chiffre d'affaires brut" value={summary && euros(summary.revenueCents)} detail="Commandes payées, avant remboursements" />
        <Figure
          label="Remboursements"
          value={summary && euros(summary.refundedCents)}
          detail={summary && (summary.refunds === 0 ? 'Aucun avoir émis' : counted(summary.refunds, 'avoir émis', 'avoirs émis'))}
        />
        <Figure label="Chiffre d'affaires net" value={summary && euros(summary.netRevenueCents)} detail="Brut moins les remboursements" />
        <Figure label="Commandes" value={summary && count.format(summary.orders)} />
        <Figure label="Panier moyen" value={summary && (summary.averageBasketCents === null ? '—' : euros(summary.averageBasketCents))} />
        <Figure label="Nouveaux clients" value={summary && count.format(summary.newAccounts)} />
        <Figure
          label="Conversion des paiements"
          value={summary && (summary.conversion === null ? '—' : percent.format(summary.conversion))}
          detail={summary && `${counted(summary.orders, 'commande', 'commandes')} pour ${counted(summary.checkouts, 'paiement commencé', 'paiements commencés')}`}
        />
        <Figure label="Pages vues" value={summary && count.format(summary.pageViews)} />
        <Figure label="Visiteurs" value={summary && count.format(summary.visitors)} detail="Comptés une fois par jour" />
      </dl>

      {data ? (
        <>
          <div className="grid gap-6 lg:grid-cols-2">
            <DailyChart title="Chiffre d'affaires par jour" kind="bar" rows={data.days} day={day} format={euros}
              series={[
                { label: 'Brut', color: plum, value: (row) => row.revenue_cents },
                { label: 'Remboursements', color: gold, value: (row) => row.refunded_cents },
                { label: 'Net', color: deepPlum, value: (row) => row.net_revenue_cents },
              ]} />
            <DailyChart title="Commandes par jour" kind="bar" rows={data.days} day={day} format={(value) => count.format(value)}
              series={[{ label: 'Commandes', color: gold, value: (row) => row.orders }]} />
            <DailyChart title="Panier moyen par jour" kind="line" rows={data.days} day={day} format={euros}
              series={[{ label: 'Panier moyen', color: plum, value: (row) => (row.orders > 0 ? Math.round(row.revenue_cents / row.orders) : null) }]} />
            <DailyChart title="Visites par jour" kind="line" rows={data.days} day={day} format={(value) => count.format(value)}
              series={[
                { label: 'Pages vues', color: plum, value: (row) => row.page_views },
                { label: 'Visiteurs', color: gold, value: (row) => row.visitors },
              ]} />
          </div>
          <div className="grid gap-6 lg:grid-cols-3">
            <ProductRanking title="Meilleures ventes (chiffre d'affaires)" column="Chiffre d'affaires"
              products={topProducts(data.products, 'revenue_cents')} value={(product) => euros(product.revenue_cents)} />
            <ProductRanking title="Meilleures ventes (unités)" column="Unités"
              products={topProducts(data.products, 'units')} value={(product) => count.format(product.units)} />
            <ProductRanking title="Téléchargements par produit" column="Téléchargements"
              products={topProducts(data.products, 'downloads', data.products.length)} value={(product) => count.format(product.downloads)} />
          </div>
        </>
      ) : null}
    </div>
  );
}
