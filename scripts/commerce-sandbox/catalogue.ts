// The catalogue in the store API's shapes (spec §3): products with options, variants, images,
// collections and additional info. Stock comes from the sandbox's state, so what was sold shows.
import { productSeeds, type FileKind, type ProductSeed, type VariantSeed } from './catalogue-data.ts';

export const catalogueCreatedAt = '2026-01-15T09:00:00.000Z';
const currencyInfo = { code: 'eur', symbol: '€', template: '$1 €' };
const fileExtension: Record<FileKind, string> = { pdf: 'pdf', audio: 'wav', video: 'webm', other: 'zip' };

export interface CatalogueVariant {
  id: string;
  productId: string;
  productTitle: string;
  title: string;
  imageUrl: string;
  priceInCents: number;
  salePriceInCents: number | null;
  managed: boolean;
  initialStock: number | null;
  purchasable: boolean;
  fileName: string;
  fileKind: FileKind;
}

const productId = (seed: ProductSeed) => `prod_${seed.slug.replaceAll('-', '_')}`;
const variantsOf = (seed: ProductSeed): VariantSeed[] => seed.option?.variants ?? [{ key: 'standard', label: 'Standard', ...seed.single! }];
const variantId = (seed: ProductSeed, variant: VariantSeed) =>
  seed.option ? `var_${seed.slug.replaceAll('-', '_')}_${variant.key.replaceAll('-', '_')}` : `var_${seed.slug.replaceAll('-', '_')}`;

export const fileNameOf = (seed: ProductSeed) => `${seed.slug}.${fileExtension[seed.kind]}`;
export const imagePath = (slug: string, n: number) => `/images/${slug}-${n}.svg`;
/** A variant shows one of its product's own images, so the gallery can jump to it. */
const variantImage = (seed: ProductSeed, index: number) => imagePath(seed.slug, seed.option ? Math.min(index + 1, seed.imageCount) : 1);

/** Every variant with what pricing, stock and fulfilment need, by variant id. */
export const variantsById: ReadonlyMap<string, CatalogueVariant> = new Map(
  productSeeds.flatMap((seed) =>
    variantsOf(seed).map((variant, index): [string, CatalogueVariant] => {
      const id = variantId(seed, variant);
      return [
        id,
        {
          id,
          productId: productId(seed),
          productTitle: seed.title,
          title: variant.label,
          imageUrl: variantImage(seed, index),
          priceInCents: variant.priceInCents,
          salePriceInCents: variant.salePriceInCents ?? null,
          managed: variant.stock !== undefined,
          initialStock: variant.stock ?? null,
          purchasable: seed.purchasable ?? true,
          fileName: fileNameOf(seed),
          fileKind: seed.kind,
        },
      ];
    }),
  ),
);

export const seedBySlug: ReadonlyMap<string, ProductSeed> = new Map(productSeeds.map((s) => [s.slug, s]));

/** Euros as the spec's currency template shows them: '29,00 €'. */
export const formatEuros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;

function variantJson(seed: ProductSeed, variant: VariantSeed, index: number, base: string, stock: (id: string) => number | null) {
  const id = variantId(seed, variant);
  const optionValue = seed.option ? [{ id: `val_${id}`, option_id: `opt_${seed.slug.replaceAll('-', '_')}`, variant_id: id, value: variant.label }] : [];
  return {
    id,
    product_id: productId(seed),
    title: variant.label,
    image_url: `${base}${variantImage(seed, index)}`,
    sku: `LS-${seed.slug.toUpperCase().slice(0, 12)}-${index + 1}`,
    price_in_cents: variant.priceInCents,
    sale_price_in_cents: variant.salePriceInCents ?? null,
    currency: 'eur',
    formatted_price: formatEuros(variant.priceInCents),
    formatted_sale_price: variant.salePriceInCents === undefined ? null : formatEuros(variant.salePriceInCents),
    manage_inventory: variant.stock !== undefined,
    weight: null,
    options: optionValue,
    inventory_quantity: variant.stock !== undefined ? stock(id) : null,
  };
}

/** A product as the list endpoint returns it; `single` gives the single-product shape. */
export function productJson(seed: ProductSeed, order: number, base: string, stock: (id: string) => number | null, single = false) {
  const variants = variantsOf(seed).map((v, i) => variantJson(seed, v, i, base, stock));
  const images = Array.from({ length: seed.imageCount }, (_, i) => ({ url: `${base}${imagePath(seed.slug, i + 1)}`, order: i, type: 'image' }));
  const id = productId(seed);
  const common = {
    id,
    title: seed.title,
    subtitle: seed.subtitle,
    ribbon_text: seed.ribbon ?? null,
    description: seed.descriptionHtml,
    thumbnail: images[0]?.url ?? null,
    purchasable: seed.purchasable ?? true,
    order,
    site_product_selection: seed.selection === undefined ? 'lowest_price_first' : seed.selection,
    options: seed.option
      ? [{ id: `opt_${seed.slug.replaceAll('-', '_')}`, title: seed.option.title, values: variants.flatMap((v) => v.options) }]
      : [],
    variants,
    collections: [{ product_id: id, collection_id: `col_${seed.kind}`, order }],
    additional_info: [
      { id: `info_${id}_format`, order: 0, title: 'Format', description: { pdf: 'Livre numérique (PDF)', audio: 'Fichier audio (WAV)', video: 'Vidéo (WebM)', other: 'Archive (ZIP)' }[seed.kind] },
      { id: `info_${id}_delivery`, order: 1, title: 'Livraison', description: 'Téléchargement immédiat depuis votre bibliothèque.' },
    ],
    type: { value: 'digital' },
    custom_fields: [],
    related_products: [],
    currency_info: currencyInfo,
    updated_at: catalogueCreatedAt,
  };
  if (!single) return { ...common, images };
  return { ...common, media: images, status: 'published', created_at: catalogueCreatedAt, deleted_at: null, metadata: {} };
}

export const productSeedById: ReadonlyMap<string, ProductSeed> = new Map(productSeeds.map((s) => [productId(s), s]));
