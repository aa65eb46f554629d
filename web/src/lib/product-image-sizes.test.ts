import { describe, expect, it } from 'vitest';
import { fitWithin, productImagePaths, productImageSizes, storedImageSizes } from '@/lib/product-image-sizes';

describe('fitWithin', () => {
  it('scales the longest side down to the bound, keeping the aspect ratio', () => {
    expect(fitWithin({ width: 4000, height: 3000 }, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin({ width: 3000, height: 4000 }, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin({ width: 2000, height: 2000 }, 640)).toEqual({ width: 640, height: 640 });
  });

  it('never upscales a smaller image', () => {
    expect(fitWithin({ width: 500, height: 300 }, 1600)).toEqual({ width: 500, height: 300 });
    expect(fitWithin({ width: 1600, height: 900 }, 1600)).toEqual({ width: 1600, height: 900 });
  });

  it('rounds to whole pixels and keeps at least one', () => {
    expect(fitWithin({ width: 1999, height: 1001 }, 640)).toEqual({ width: 640, height: 320 });
    expect(fitWithin({ width: 10000, height: 3 }, 1600)).toEqual({ width: 1600, height: 1 });
  });
});

describe('productImageSizes', () => {
  it('makes the grid size from the gallery size', () => {
    expect(productImageSizes({ width: 6000, height: 4000 })).toEqual({ gallery: { width: 1600, height: 1067 }, grid: { width: 640, height: 427 } });
    expect(productImageSizes({ width: 300, height: 200 })).toEqual({ gallery: { width: 300, height: 200 }, grid: { width: 300, height: 200 } });
  });
});

describe('the names of an image and how the storefront finds them', () => {
  const base = 'https://abcdefgh.supabase.co/storage/v1/object/public/product-images/';
  const id = '0b7a6f7e-6b5c-4d1e-9f00-0000000000a1';

  it('names both sizes in the image’s folder, the gallery’s with its size', () => {
    expect(productImagePaths('prod_1', id, { width: 1600, height: 1067 }, 'webp')).toEqual({
      gallery: `prod_1/${id}/gallery-1600x1067.webp`,
      grid: `prod_1/${id}/grid.webp`,
    });
  });

  it('finds the grid’s URL and both sizes from the row’s URL', () => {
    const { gallery, grid } = productImagePaths('prod_1', id, { width: 1600, height: 1067 }, 'jpg');
    expect(storedImageSizes(base + gallery)).toEqual({
      gallery: { url: base + gallery, width: 1600, height: 1067 },
      grid: { url: base + grid, width: 640, height: 427 },
      paths: [gallery, grid],
    });
  });

  it('leaves an image stored elsewhere alone', () => {
    expect(storedImageSizes('https://cdn.hostinger.example/store/photo.webp')).toBeNull();
    expect(storedImageSizes(`https://abcdefgh.supabase.co/storage/v1/object/public/deliverables/prod_1/${id}/gallery-10x10.webp`)).toBeNull();
    expect(storedImageSizes(`${base}prod_1/${id}/grid.webp`)).toBeNull();
  });
});
