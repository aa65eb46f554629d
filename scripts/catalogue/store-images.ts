// The store's pictures copied into the shop's bucket `product-images` by `npm run catalogue:import`,
// so that the shop keeps them once the store closes (docs/catalogue-import.md). Each picture a
// store product names (in its gallery or on a variant) is downloaded once, stored at the gallery's
// and the grid's sizes (scripts/lib/stored-product-image.ts) in the folder
// `<product>/<uuid of its store URL>`, and the rows to write name the copy instead. A row that
// already names the copy of the same store URL makes it unchanged: nothing is downloaded again.
// A picture the store cannot serve, or that is no picture, is reported and keeps its store URL.
import type { SupabaseClient } from '@supabase/supabase-js';
import { productImagesBucket, storedImageSizes } from '../../web/src/lib/product-image-sizes.ts';
import { storeProductImage, uuidFrom } from '../lib/stored-product-image.ts';
import type { CatalogueRows, Raw } from './store-rows.ts';

export interface ImageCounts {
  copied: number;
  unchanged: number;
  failed: Array<{ productId: string; url: string; reason: string }>;
  /** Copies no row names any more (the store changed or dropped the picture), removed from the bucket. */
  removed: number;
}

export interface ImageCopyOptions {
  /** The HTTP client the pictures are downloaded with; tests count its requests. */
  fetch?: typeof fetch;
  /** Counts what a run would copy, downloading and storing nothing. */
  dryRun?: boolean;
}

// Far above any product photo; a store answering more is not serving a picture.
const largestDownload = 50 * 1024 * 1024;

/** The folder of a store picture's copy: the same on every run for the same URL. */
export const copyFolder = (productId: string, storeUrl: string) => `${productId}/${uuidFrom(`store-image/${storeUrl}`)}`;

async function download(url: string, fetcher: typeof fetch): Promise<Buffer> {
  const response = await fetcher(url).catch((error: Error) => {
    throw new Error(`cannot be reached: ${error.cause instanceof Error ? error.cause.message : error.message}`);
  });
  if (!response.ok) throw new Error(`the store answered ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > largestDownload) throw new Error(`larger than ${largestDownload / 1024 / 1024} MB`);
  return bytes;
}

/** The bucket's folder (`<product>/<uuid>`) a URL names, or null for a picture elsewhere. */
function folderOf(url: unknown, publicUrl: (path: string) => string): string | null {
  if (typeof url !== 'string' || !url.startsWith(publicUrl(''))) return null;
  const stored = storedImageSizes(url);
  return stored ? stored.paths[0]!.split('/').slice(0, 2).join('/') : null;
}

/**
 * Points the wanted rows' pictures (`product_images.url`, the variants' `image_url`) at their copies
 * in the bucket, copying those no current row names yet. Answers the counts and the objects of the
 * copies the rows will no longer name, to remove once the rows are written.
 */
export async function copyStoreImages(
  service: SupabaseClient,
  wanted: CatalogueRows,
  current: Pick<CatalogueRows, 'product_images' | 'product_variants'>,
  options: ImageCopyOptions = {},
): Promise<{ counts: ImageCounts; stalePaths: string[] }> {
  const bucket = service.storage.from(productImagesBucket);
  const publicUrl = (path: string) => bucket.getPublicUrl(path).data.publicUrl;
  const storeProducts = new Set(wanted.products.map((p) => p.id as string));
  const ofStore = (rows: Raw[], column: string): unknown[] => rows.filter((r) => storeProducts.has(r.product_id)).map((r) => r[column]);
  const currentUrls = [...ofStore(current.product_images, 'url'), ...ofStore(current.product_variants, 'image_url')];
  const copies = new Map<string, string>();
  for (const url of currentUrls) {
    const folder = folderOf(url, publicUrl);
    if (folder) copies.set(folder, url as string);
  }

  const counts: ImageCounts = { copied: 0, unchanged: 0, failed: [], removed: 0 };
  const copyOf = new Map<string, string>();
  const copy = async (productId: string, url: string): Promise<string> => {
    const folder = copyFolder(productId, url);
    const known = copyOf.get(folder);
    if (known) return known;
    let answer = copies.get(folder);
    if (answer) counts.unchanged++;
    else if (options.dryRun) {
      counts.copied++;
      answer = publicUrl(`${folder}/gallery`);
    } else {
      try {
        answer = await storeProductImage(service, productId, folder.split('/')[1]!, await download(url, options.fetch ?? fetch));
        counts.copied++;
      } catch (error) {
        counts.failed.push({ productId, url, reason: (error as Error).message });
        answer = url;
      }
    }
    copyOf.set(folder, answer);
    return answer;
  };
  for (const image of wanted.product_images) image.url = await copy(image.product_id, image.url);
  for (const variant of wanted.product_variants) {
    if (variant.image_url) variant.image_url = await copy(variant.product_id, variant.image_url);
  }

  // What the rows name once written: the wanted rows, and the variants the import keeps without
  // rewriting them (retired, or the shop's own).
  const wantedVariants = new Set(wanted.product_variants.map((v) => v.id));
  const named = new Set(
    [...wanted.product_images.map((r) => r.url), ...wanted.product_variants.map((r) => r.image_url), ...current.product_variants.filter((v) => !wantedVariants.has(v.id)).map((v) => v.image_url)]
      .map((url) => folderOf(url, publicUrl)),
  );
  const stale = [...new Set(currentUrls)].filter((url): url is string => {
    const folder = folderOf(url, publicUrl);
    return folder !== null && !named.has(folder);
  });
  counts.removed = new Set(stale.map((url) => folderOf(url, publicUrl))).size;
  return { counts, stalePaths: stale.flatMap((url) => storedImageSizes(url)!.paths) };
}

/** Removes the objects of copies no row names any more. */
export async function removeStaleImages(service: SupabaseClient, paths: string[]): Promise<void> {
  if (!paths.length) return;
  const { error } = await service.storage.from(productImagesBucket).remove(paths);
  if (error) throw new Error(`removing ${paths.length} objects no row names from ${productImagesBucket}: ${error.message}`);
}
