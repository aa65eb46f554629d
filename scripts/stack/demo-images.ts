// The demo catalogue's pictures in the shop's own bucket, as an administrator's upload leaves them
// (docs/catalogue-images.md): each drawn by the commerce sandbox's generator (an 800×800 SVG),
// rendered here by sharp at the gallery's and the grid's sizes in WebP, and stored in
// `product-images` under `<product>/<image uuid>/gallery-<w>x<h>.webp` and `grid.webp`. A shop on
// its own catalogue then shows them from Supabase Storage, with no commerce service running. The
// uuid follows the product and the picture's number, so a second load writes the same objects.
import { createHash } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { productImageSvg } from '../commerce-sandbox/images.ts';
import { productImagePaths, productImageSizes, productImagesBucket, type ImageSize } from '../../web/src/lib/product-image-sizes.ts';

/** One picture of a product, as the sandbox draws it. */
export interface DemoPicture {
  productId: string;
  slug: string;
  title: string;
  /** Its number among the product's pictures, from 1. */
  n: number;
}

const drawnSize: ImageSize = { width: 800, height: 800 };

/** A uuid that is always the same for the same picture. */
function pictureUuid({ productId, n }: DemoPicture): string {
  const hex = createHash('sha256').update(`demo-image/${productId}/${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

const webp = (svg: Buffer, size: ImageSize) => sharp(svg).resize(size.width, size.height).webp({ quality: 82 }).toBuffer();

/** Stores a picture at both sizes; answers the public URL of its gallery size, what a `product_images` row keeps. */
export async function storeDemoPicture(service: SupabaseClient, picture: DemoPicture): Promise<string> {
  const svg = Buffer.from(productImageSvg(picture.slug, picture.title, picture.n));
  const { gallery, grid } = productImageSizes(drawnSize);
  const paths = productImagePaths(picture.productId, pictureUuid(picture), gallery, 'webp');
  const bucket = service.storage.from(productImagesBucket);
  for (const [path, size] of [[paths.gallery, gallery], [paths.grid, grid]] as const) {
    const { error } = await bucket.upload(path, await webp(svg, size), { contentType: 'image/webp', upsert: true });
    if (error) throw new Error(`demo image ${path}: ${error.message}`);
  }
  return bucket.getPublicUrl(paths.gallery).data.publicUrl;
}
