import type { Product } from '@/lib/commerce-types';
import { storedImageSizes } from '@/lib/product-image-sizes';

export const PLACEHOLDER_IMAGE = '/images/product-placeholder.svg';

/** The product's picture: its thumbnail, else its first image, else the placeholder. */
export function productImage(product: Pick<Product, 'image' | 'images'>): string {
  return product.image ?? product.images[0]?.url ?? PLACEHOLDER_IMAGE;
}

/** An image as an `<img>` takes it: its size when known (an image of the bucket), so the layout does not move. */
export interface ImageSource {
  src: string;
  width?: number;
  height?: number;
}

/** The product card's picture: the grid's size of an image of the bucket, else the picture itself. */
export function productCardImage(product: Pick<Product, 'image' | 'images'>): ImageSource {
  const url = productImage(product);
  const grid = storedImageSizes(url)?.grid;
  return grid ? { src: grid.url, width: grid.width, height: grid.height } : { src: url };
}

export interface GalleryPicture {
  /** The row's URL: the gallery's size of an image of the bucket. */
  url: string;
  alt: string | null;
  /** The gallery's size, and the grid's image for the thumbnails, of an image of the bucket. */
  main: ImageSource;
  thumbnail: ImageSource;
}

function galleryPicture(url: string, alt: string | null): GalleryPicture {
  const sizes = storedImageSizes(url);
  if (!sizes) return { url, alt, main: { src: url }, thumbnail: { src: url } };
  const { gallery, grid } = sizes;
  return { url, alt, main: { src: url, width: gallery.width, height: gallery.height }, thumbnail: { src: grid.url, width: grid.width, height: grid.height } };
}

/** The pictures of a product's page, the first one shown first: its images, else its picture. */
export function productGallery(product: Pick<Product, 'image' | 'images'>): GalleryPicture[] {
  return product.images.length > 0
    ? product.images.map((image) => galleryPicture(image.url, image.alt_text ?? null))
    : [galleryPicture(productImage(product), null)];
}
