import type { ProductFigures } from '@/features/admin/api/get-analytics';

interface ProductRankingProps {
  title: string;
  products: ProductFigures[];
  /** The figure the products are ranked by, its column name and how it reads. */
  column: string;
  value: (product: ProductFigures) => string;
}

/** A ranked list of products as a table: rank, product, figure. */
export function ProductRanking({ title, products, column, value }: ProductRankingProps) {
  return (
    <section className="rounded-3xl border border-plum-100 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold text-plum-900">{title}</h2>
      {products.length === 0 ? (
        <p className="mt-3 text-sm text-mist">Aucune donnée sur cette période.</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-plum-100 text-mist">
              <th scope="col" className="py-1 pr-3 font-medium">Rang</th>
              <th scope="col" className="py-1 pr-3 font-medium">Produit</th>
              <th scope="col" className="py-1 text-right font-medium">{column}</th>
            </tr>
          </thead>
          <tbody>
            {products.map((product, index) => (
              <tr key={product.product_title} className="border-b border-plum-50">
                <td className="py-1.5 pr-3 tabular-nums text-mist">{index + 1}</td>
                <th scope="row" className="py-1.5 pr-3 font-normal text-plum-900">
                  {product.product_title}
                </th>
                <td className="py-1.5 text-right tabular-nums">{value(product)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
