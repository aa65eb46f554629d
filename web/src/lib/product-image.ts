import type { Product } from '@/lib/commerce-types';

export const PLACEHOLDER_IMAGE = '/images/product-placeholder.svg';

/** The product's picture: its thumbnail, else its first image, else the placeholder. */
export function productImage(product: Pick<Product, 'image' | 'images'>): string {
  return product.image ?? product.images[0]?.url ?? PLACEHOLDER_IMAGE;
}

/** The pictures of a product's page, the first one shown first: its images, else its picture. */
export function productGallery(product: Pick<Product, 'image' | 'images'>): string[] {
  return product.images.length > 0 ? product.images.map((image) => image.url) : [productImage(product)];
}
