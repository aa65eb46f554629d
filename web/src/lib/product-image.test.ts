import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE, productCardImage, productGallery } from '@/lib/product-image';

const stored = 'https://abcdefgh.supabase.co/storage/v1/object/public/product-images/prod_1/0b7a6f7e-6b5c-4d1e-9f00-0000000000a1/';
const imported = 'https://cdn.hostinger.example/store/livret.jpg';

describe('the pictures the storefront shows', () => {
  it('gives a card the grid’s size of an image of the bucket, with its width and height', () => {
    const product = { image: `${stored}gallery-1200x1600.webp`, images: [] };
    expect(productCardImage(product)).toEqual({ src: `${stored}grid.webp`, width: 480, height: 640 });
  });

  it('gives a card an image stored elsewhere, or the placeholder, as it is', () => {
    expect(productCardImage({ image: imported, images: [] })).toEqual({ src: imported });
    expect(productCardImage({ image: null, images: [] })).toEqual({ src: PLACEHOLDER_IMAGE });
  });

  it('gives the product page the gallery’s size with its alternative text, and the grid’s for the thumbnails', () => {
    const images = [
      { url: `${stored}gallery-1600x1200.jpg`, order: 0, type: 'image', alt_text: 'Une bougie allumée' },
      { url: imported, order: 1, type: 'image' },
    ];
    expect(productGallery({ image: images[0]!.url, images })).toEqual([
      {
        url: `${stored}gallery-1600x1200.jpg`,
        alt: 'Une bougie allumée',
        main: { src: `${stored}gallery-1600x1200.jpg`, width: 1600, height: 1200 },
        thumbnail: { src: `${stored}grid.jpg`, width: 640, height: 480 },
      },
      { url: imported, alt: null, main: { src: imported }, thumbnail: { src: imported } },
    ]);
  });
});
