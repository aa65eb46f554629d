// The two sizes of a product image the administrator uploads to the `product-images` bucket, their
// bounds and names, and how the storefront finds both from the one URL a `product_images` row keeps
// (docs/catalogue-images.md). The bucket's insert policy holds the same names
// (private.is_product_image_name). An image elsewhere (a Hostinger URL an import kept) has no sizes.

export const productImagesBucket = 'product-images';

/** The longest side of the product page's image: a 600 px gallery on a 2x screen, with room to zoom. */
export const galleryLongestSide = 1600;
/** The longest side of a product card's image: a card is at most some 380 px wide. */
export const gridLongestSide = 640;

export interface ImageSize {
  width: number;
  height: number;
}

/** The size within `longest` on either side, aspect ratio kept, never larger than the original. */
export function fitWithin(size: ImageSize, longest: number): ImageSize {
  const scale = Math.min(1, longest / Math.max(size.width, size.height));
  if (scale === 1) return { width: size.width, height: size.height };
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/** The gallery's and the grid's sizes of an original: the grid's is made from the gallery's. */
export function productImageSizes(original: ImageSize): { gallery: ImageSize; grid: ImageSize } {
  const gallery = fitWithin(original, galleryLongestSide);
  return { gallery, grid: fitWithin(gallery, gridLongestSide) };
}

export type ImageExtension = 'webp' | 'jpg';

/** Both sizes of one image, encoded (in the administrator's browser: resize-image.ts), ready to upload. */
export interface ResizedImage {
  extension: ImageExtension;
  contentType: 'image/webp' | 'image/jpeg';
  gallery: { blob: Blob; size: ImageSize };
  grid: { blob: Blob; size: ImageSize };
}

/** The objects' names: `<product>/<image>/gallery-<w>x<h>.<ext>` (the row's URL) and `grid.<ext>` beside it. */
export function productImagePaths(productId: string, imageId: string, gallery: ImageSize, extension: ImageExtension) {
  const folder = `${productId}/${imageId}`;
  return { gallery: `${folder}/gallery-${gallery.width}x${gallery.height}.${extension}`, grid: `${folder}/grid.${extension}` };
}

export interface SizedImage extends ImageSize {
  url: string;
}

const storedGallery = new RegExp(`/storage/v1/object/public/${productImagesBucket}/(([^/?#]+/[^/?#]+)/gallery-(\\d+)x(\\d+)\\.(webp|jpg))$`);

/** Both sizes of an image of the bucket, from its row's URL; null for an image stored elsewhere. */
export function storedImageSizes(url: string): { gallery: SizedImage; grid: SizedImage; paths: string[] } | null {
  const match = storedGallery.exec(url);
  if (!match) return null;
  const [, galleryPath, folder, width, height, extension] = match as unknown as [string, string, string, string, string, string];
  const gallery = { width: Number(width), height: Number(height) };
  const gridPath = `${folder}/grid.${extension}`;
  return {
    gallery: { url, ...gallery },
    grid: { url: url.slice(0, url.length - galleryPath.length) + gridPath, ...fitWithin(gallery, gridLongestSide) },
    paths: [galleryPath, gridPath],
  };
}
