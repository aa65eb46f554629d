// The catalogue as the storefront sees it (spec §3), after normalising the commerce service's
// raw answers. Shared by the catalogue, the cart and the checkout, so it lives below them.

export interface CurrencyInfo {
  code?: string | null;
  symbol?: string | null;
  template?: string | null;
}

export interface ProductImage {
  url: string;
  order: number;
  type: string;
  /** The shop's own catalogue only, when the administrator wrote one (the commerce service has none). */
  alt_text?: string;
}

export interface VariantOptionValue {
  id: string;
  option_id: string;
  variant_id: string;
  value: string;
}

export interface ProductOption {
  id: string;
  title: string;
  values: VariantOptionValue[];
}

export interface Variant {
  id: string;
  title: string;
  image_url: string | null;
  sku: string | null;
  price_in_cents: number;
  sale_price_in_cents: number | null;
  currency: string;
  currency_info: CurrencyInfo | null;
  price_formatted: string;
  sale_price_formatted: string;
  manage_inventory: boolean;
  weight: number | null;
  options: VariantOptionValue[];
  inventory_quantity: number | null;
}

export interface CollectionLink {
  product_id: string;
  collection_id: string;
  order: number;
}

export interface AdditionalInfo {
  id: string;
  order: number;
  title: string;
  description: string;
}

export interface CustomField {
  id: string;
  title: string;
  is_required: boolean;
}

export interface RelatedProduct {
  id: string;
  section_title: string;
  related_type: string;
  related_id: string;
  position: number;
}

export interface Product {
  id: string;
  title: string;
  subtitle: string | null;
  ribbon_text: string | null;
  description: string | null;
  image: string | null;
  price_in_cents: number;
  currency: string;
  purchasable: boolean;
  order: number;
  site_product_selection: string | null;
  images: ProductImage[];
  options: ProductOption[];
  variants: Variant[];
  collections: CollectionLink[];
  additional_info: AdditionalInfo[];
  type: { value: string };
  custom_fields: CustomField[];
  related_products: RelatedProduct[];
  updated_at: string | null;
  status?: string | null;
  created_at?: string | null;
  deleted_at?: string | null;
  metadata?: unknown;
}

export interface ProductList {
  count: number;
  offset: number;
  limit: number;
  products: Product[];
}

export interface VariantStock {
  id: string;
  inventory_quantity: number | null;
}
