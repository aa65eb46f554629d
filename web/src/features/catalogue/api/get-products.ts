import { queryOptions, useQuery } from '@tanstack/react-query';
import { normalizeProduct } from '@/features/catalogue/api/normalize-product';
import { withFreshStock } from '@/features/catalogue/api/variant-stock';
import { commerceGet } from '@/lib/commerce-api';
import type { ProductList } from '@/lib/commerce-types';
import { shopCatalogueCall } from '@/lib/shop-catalogue-api';

export interface ProductListParams {
  ids?: string[];
  offset?: string;
  /** Sent as a string, like every query value (spec §7). */
  limit?: string;
  order?: 'asc' | 'desc';
  sort_by?: string;
  is_hidden?: string;
  to_date?: string;
}

/** The home page's selection: the first four products. */
export const featuredProductParams: ProductListParams = { limit: '4' };

export function productListSearchParams({ ids, offset, limit = '12', order, sort_by, is_hidden, to_date }: ProductListParams = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const id of ids ?? []) params.append('ids[]', id);
  if (offset) params.append('offset', offset);
  params.append('limit', limit);
  if (order) params.append('order', order.toUpperCase());
  if (sort_by) params.append('sort_by', sort_by);
  if (is_hidden) params.append('is_hidden', is_hidden);
  if (to_date) params.append('to_date', to_date);
  return params;
}

/** The same query as the shop's `storefront_products` arguments (`p_` names, numbers and a boolean). */
export function productListArgs({ ids, offset, limit = '12', order, sort_by, is_hidden, to_date }: ProductListParams = {}): Record<string, unknown> {
  return {
    ...(ids?.length && { p_ids: ids }),
    ...(offset && { p_offset: Number(offset) }),
    p_limit: Number(limit),
    ...(order && { p_order: order }),
    ...(sort_by && { p_sort_by: sort_by }),
    ...(is_hidden && { p_is_hidden: is_hidden === 'true' }),
    ...(to_date && { p_to_date: to_date }),
  };
}

type ListAnswer = { count?: number; offset?: number; limit?: number; products?: Record<string, unknown>[] };

/** One request from the shop's own catalogue, whose answer carries the stock; two from the commerce service's. */
export async function getProducts(params: ProductListParams = {}): Promise<ProductList> {
  // Vite writes the build's value in: a build carries the code of its own source alone (config/env.ts checks it).
  const shop = import.meta.env.VITE_CATALOGUE_SOURCE === 'shop';
  const data = shop
    ? await shopCatalogueCall<ListAnswer>('storefront_products', productListArgs(params))
    : await commerceGet<ListAnswer>('/products', productListSearchParams(params));
  const products = (data.products ?? []).map((raw) => normalizeProduct(raw));
  return {
    count: data.count ?? products.length,
    offset: data.offset ?? 0,
    limit: data.limit ?? products.length,
    products: shop ? products : await withFreshStock(products),
  };
}

export const productsQueryOptions = (params: ProductListParams = {}) =>
  queryOptions({ queryKey: ['products', params], queryFn: () => getProducts(params) });

export function useProducts(params: ProductListParams = {}) {
  return useQuery(productsQueryOptions(params));
}
