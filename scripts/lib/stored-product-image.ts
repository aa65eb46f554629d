// A picture turned into the two objects of the `product-images` bucket, as an administrator's
// upload leaves them (docs/catalogue-images.md): sharp draws it at the gallery's and the grid's
// sizes (productImageSizes: aspect ratio kept, never upscaled), in WebP, and stores both under
// `<product>/<image uuid>/gallery-<w>x<h>.webp` and `grid.webp`. Used by the catalogue import for
// a store's pictures (scripts/catalogue/store-images.ts) and by the local stack's demo catalogue
// (scripts/stack/demo-images.ts). The browser's upload does the same with a canvas
// (web/src/features/admin/lib/resize-image.ts).
import { createHash } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { productImagePaths, productImageSizes, productImagesBucket, type ImageSize } from '../../web/src/lib/product-image-sizes.ts';

/** A uuid that is always the same for the same text: the folder of a picture written again is the same. */
export function uuidFrom(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export interface EncodedSize {
  bytes: Buffer;
  size: ImageSize;
}

/**
 * The gallery's and the grid's WebP of a picture (JPEG, PNG, WebP, AVIF, TIFF, SVG, a GIF's first
 * frame…), turned upright as its EXIF orientation says, as the browser's decoding does. Throws
 * sharp's error for bytes that are no picture it reads.
 */
export async function productImageWebps(picture: Buffer): Promise<{ gallery: EncodedSize; grid: EncodedSize }> {
  const { autoOrient } = await sharp(picture).metadata();
  const { gallery, grid } = productImageSizes(autoOrient);
  const encode = async (size: ImageSize) => ({ bytes: await sharp(picture).rotate().resize(size.width, size.height).webp({ quality: 82 }).toBuffer(), size });
  return { gallery: await encode(gallery), grid: await encode(grid) };
}

/**
 * Stores a picture at both sizes in the folder `<productId>/<imageId>` (replacing what a former
 * write left there); answers the public URL of its gallery size, what a `product_images` row keeps.
 */
export async function storeProductImage(service: SupabaseClient, productId: string, imageId: string, picture: Buffer): Promise<string> {
  const { gallery, grid } = await productImageWebps(picture);
  const paths = productImagePaths(productId, imageId, gallery.size, 'webp');
  const bucket = service.storage.from(productImagesBucket);
  for (const [path, { bytes }] of [[paths.gallery, gallery], [paths.grid, grid]] as const) {
    const { error } = await bucket.upload(path, bytes, { contentType: 'image/webp', upsert: true });
    if (error) throw new Error(`storing ${path} in ${productImagesBucket}: ${error.message}`);
  }
  return bucket.getPublicUrl(paths.gallery).data.publicUrl;
}
