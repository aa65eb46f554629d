// The two sizes sharp makes of a picture, from each format a store may serve: WebP out, aspect
// ratio kept, never upscaled, turned upright by its EXIF orientation, a GIF's first frame.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { productImageWebps } from './stored-product-image.ts';

const canvas = (width: number, height: number, background = '#c8a24a') => sharp({ create: { width, height, channels: 3, background } });

/** What the encoded bytes are, read back. */
async function read(bytes: Buffer) {
  const { format, width, height, pages } = await sharp(bytes).metadata();
  return { format, width, height, pages: pages ?? 1 };
}

describe('productImageWebps', () => {
  it.each([
    ['a wide PNG', () => canvas(3200, 1200).png().toBuffer(), { width: 1600, height: 600 }, { width: 640, height: 240 }],
    ['a tall JPEG', () => canvas(900, 2400).jpeg().toBuffer(), { width: 600, height: 1600 }, { width: 240, height: 640 }],
    ['a WebP between both sizes', () => canvas(1000, 1000).webp().toBuffer(), { width: 1000, height: 1000 }, { width: 640, height: 640 }],
    ['a small picture, never upscaled', () => canvas(300, 200).png().toBuffer(), { width: 300, height: 200 }, { width: 300, height: 200 }],
    ['a JPEG its camera turned (EXIF 6)', () => canvas(2000, 1000).jpeg().withMetadata({ orientation: 6 }).toBuffer(), { width: 800, height: 1600 }, { width: 320, height: 640 }],
  ])('%s: the gallery and the grid in WebP', async (_, picture, gallery, grid) => {
    const sizes = await productImageWebps(await picture());
    expect([sizes.gallery.size, sizes.grid.size]).toEqual([gallery, grid]);
    expect(await read(sizes.gallery.bytes)).toEqual({ format: 'webp', ...gallery, pages: 1 });
    expect(await read(sizes.grid.bytes)).toEqual({ format: 'webp', ...grid, pages: 1 });
  });

  it('an animated GIF: its first frame alone', async () => {
    const frames = await Promise.all(['#ff0000', '#0000ff'].map((colour) => canvas(400, 200, colour).png().toBuffer()));
    const gif = await sharp(frames, { join: { animated: true } }).gif().toBuffer();
    expect((await read(gif)).pages).toBe(2);
    const { gallery } = await productImageWebps(gif);
    expect(await read(gallery.bytes)).toEqual({ format: 'webp', width: 400, height: 200, pages: 1 });
    const { dominant } = await sharp(gallery.bytes).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.b).toBeLessThan(50);
  });

  it('bytes that are no picture: sharp says so', async () => {
    await expect(productImageWebps(Buffer.from('<!doctype html><p>Page introuvable</p>'))).rejects.toThrow(/unsupported image format/);
  });
});
