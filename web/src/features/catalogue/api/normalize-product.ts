// Turns the commerce service's raw product into the storefront's Product (spec §3): variants
// carry their prices in cents, the product's currency info formats them, and the product price
// follows the display-variant rule. The raw fields read: product `thumbnail`, `images` (list) /
// `media` (single product), each image's `alt_text` (the shop's own catalogue only),
// `variants[].prices[0]` `{ amount, sale_amount, currency_code, currency: { code, symbol, template } }`,
// `manage_inventory`, `inventory_quantity`, `purchasable`, `site_product_selection`, `options`, `ribbon_text`.
import type {
  AdditionalInfo,
  CollectionLink,
  CurrencyInfo,
  CustomField,
  Product,
  ProductImage,
  ProductOption,
  RelatedProduct,
  Variant,
  VariantOptionValue,
} from '@/lib/commerce-types';
import { formatPrice } from '@/lib/format-price';
import { productPrice } from '@/lib/product-price';

type Raw = Record<string, unknown>;

const asRecord = (value: unknown): Raw => (typeof value === 'object' && value !== null ? (value as Raw) : {});
const asList = (value: unknown): Raw[] => (Array.isArray(value) ? value.map(asRecord) : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const numberOr = <T,>(value: unknown, fallback: T): number | T => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

function optionValues(raw: unknown): VariantOptionValue[] {
  return asList(raw).map((value) => ({ id: text(value.id), option_id: text(value.option_id), variant_id: text(value.variant_id), value: text(value.value) }));
}

function currencyInfo(raw: unknown): CurrencyInfo | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const info = asRecord(raw);
  return { code: textOrNull(info.code), symbol: textOrNull(info.symbol), template: textOrNull(info.template) };
}

function normalizeVariant(raw: Raw, currency_info: CurrencyInfo | null): Variant {
  const price_in_cents = numberOr(raw.price_in_cents, 0);
  const sale_price_in_cents = numberOr(raw.sale_price_in_cents, null);
  return {
    id: text(raw.id),
    title: text(raw.title),
    image_url: textOrNull(raw.image_url),
    sku: textOrNull(raw.sku),
    price_in_cents,
    sale_price_in_cents,
    currency: textOrNull(raw.currency) ?? 'eur',
    currency_info,
    price_formatted: formatPrice(price_in_cents, currency_info),
    sale_price_formatted: sale_price_in_cents === null ? '' : formatPrice(sale_price_in_cents, currency_info),
    manage_inventory: raw.manage_inventory === true,
    weight: numberOr(raw.weight, null),
    options: optionValues(raw.options),
    inventory_quantity: numberOr(raw.inventory_quantity, null),
  };
}

function images(raw: unknown): ProductImage[] {
  return asList(raw)
    .map((image) => {
      const alt = textOrNull(image.alt_text);
      return { url: text(image.url), order: numberOr(image.order, 0), type: text(image.type), ...(alt ? { alt_text: alt } : {}) };
    })
    .filter((image) => image.url !== '')
    .sort((a, b) => a.order - b.order);
}

function options(raw: unknown): ProductOption[] {
  return asList(raw).map((option) => ({ id: text(option.id), title: text(option.title), values: optionValues(option.values) }));
}

function collections(raw: unknown): CollectionLink[] {
  return asList(raw).map((c) => ({ product_id: text(c.product_id), collection_id: text(c.collection_id), order: numberOr(c.order, 0) }));
}

function additionalInfo(raw: unknown): AdditionalInfo[] {
  return asList(raw).map((i) => ({ id: text(i.id), order: numberOr(i.order, 0), title: text(i.title), description: text(i.description) }));
}

function customFields(raw: unknown): CustomField[] {
  return asList(raw).map((f) => ({ id: text(f.id), title: text(f.title), is_required: f.is_required === true }));
}

function relatedProducts(raw: unknown): RelatedProduct[] {
  return asList(raw).map((r) => ({
    id: text(r.id),
    section_title: text(r.section_title),
    related_type: text(r.related_type),
    related_id: text(r.related_id),
    position: numberOr(r.position, 0),
  }));
}

/** `imagesField` is `images` in the list answer and `media` in the single-product answer. */
export function normalizeProduct(raw: Raw, imagesField: 'images' | 'media' = 'images'): Product {
  const currency = currencyInfo(raw.currency_info);
  const variants = asList(raw.variants).map((variant) => normalizeVariant(variant, currency));
  const site_product_selection = textOrNull(raw.site_product_selection);
  return {
    id: text(raw.id),
    title: text(raw.title),
    subtitle: textOrNull(raw.subtitle),
    ribbon_text: textOrNull(raw.ribbon_text),
    description: textOrNull(raw.description),
    image: textOrNull(raw.thumbnail),
    ...productPrice({ site_product_selection, variants }),
    purchasable: raw.purchasable !== false,
    order: numberOr(raw.order, 0),
    site_product_selection,
    images: images(raw[imagesField] ?? raw.images),
    options: options(raw.options),
    variants,
    collections: collections(raw.collections),
    additional_info: additionalInfo(raw.additional_info),
    type: { value: text(asRecord(raw.type).value) },
    custom_fields: customFields(raw.custom_fields),
    related_products: relatedProducts(raw.related_products),
    updated_at: textOrNull(raw.updated_at),
  };
}

export function normalizeSingleProduct(raw: Raw): Product {
  return {
    ...normalizeProduct(raw, 'media'),
    status: textOrNull(raw.status),
    created_at: textOrNull(raw.created_at),
    deleted_at: textOrNull(raw.deleted_at),
    metadata: raw.metadata,
  };
}
