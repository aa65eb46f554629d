// The demo catalogue's pictures in the shop's own bucket, as an administrator's upload leaves them
// (docs/catalogue-images.md): each drawn by the commerce sandbox's generator (an 800×800 SVG) and
// stored at the gallery's and the grid's sizes by the import's helper (scripts/lib/stored-product-image.ts).
// A shop on its own catalogue then shows them from Supabase Storage, with no commerce service
// running. The uuid follows the product and the picture's number, so a second load writes the same objects.
import type { SupabaseClient } from '@supabase/supabase-js';
import { productImageSvg } from '../commerce-sandbox/images.ts';
import { storeProductImage, uuidFrom } from '../lib/stored-product-image.ts';

/** One picture of a product, as the sandbox draws it. */
export interface DemoPicture {
  productId: string;
  slug: string;
  title: string;
  /** Its number among the product's pictures, from 1. */
  n: number;
}

/** Stores a picture at both sizes; answers the public URL of its gallery size, what a `product_images` row keeps. */
export function storeDemoPicture(service: SupabaseClient, picture: DemoPicture): Promise<string> {
  const svg = Buffer.from(productImageSvg(picture.slug, picture.title, picture.n));
  return storeProductImage(service, picture.productId, uuidFrom(`demo-image/${picture.productId}/${picture.n}`), svg);
}
