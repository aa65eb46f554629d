// A chosen photo made into the product image's two sizes, in the administrator's browser: decoded
// once (its EXIF orientation applied), drawn at the gallery's size, and that drawn again at the
// grid's, each encoded as WebP (JPEG where the browser cannot encode WebP: Safari). The original
// never leaves the machine: an edge function would have 2 s of CPU and 256 MB to decode a 20 MB photo.
import { productImageSizes, type ImageSize, type ResizedImage } from '@/lib/product-image-sizes';

/** Larger files are refused before decoding: a 20 MB photo is already some 50 megapixels. */
export const largestOriginalBytes = 20 * 1024 * 1024;
const quality = 0.85;

export class UnreadableImageError extends Error {
  constructor(fileName: string, cause?: unknown) {
    super(`${fileName} could not be decoded as an image`, { cause });
    this.name = 'UnreadableImageError';
  }
}

function draw(source: CanvasImageSource, size: ImageSize, background?: string): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  if (background) {
    context.fillStyle = background;
    context.fillRect(0, 0, size.width, size.height);
  }
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, size.width, size.height);
  return canvas;
}

const encode = (canvas: HTMLCanvasElement, type: string) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));

/** WebP where the browser encodes it (it answers PNG otherwise); else JPEG, transparency on white. */
async function encodeBoth(gallery: HTMLCanvasElement, grid: HTMLCanvasElement): Promise<Omit<ResizedImage, 'gallery' | 'grid'> & { blobs: [Blob, Blob] }> {
  const galleryWebp = await encode(gallery, 'image/webp');
  const gridWebp = galleryWebp?.type === 'image/webp' ? await encode(grid, 'image/webp') : null;
  if (galleryWebp && gridWebp?.type === 'image/webp') return { extension: 'webp', contentType: 'image/webp', blobs: [galleryWebp, gridWebp] };
  const flat = (canvas: HTMLCanvasElement) => encode(draw(canvas, canvas, '#ffffff'), 'image/jpeg');
  const [galleryJpeg, gridJpeg] = await Promise.all([flat(gallery), flat(grid)]);
  if (!galleryJpeg || !gridJpeg) throw new Error('the browser encoded no image');
  return { extension: 'jpg', contentType: 'image/jpeg', blobs: [galleryJpeg, gridJpeg] };
}

export async function resizeImage(file: File): Promise<ResizedImage> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch (error) {
    throw new UnreadableImageError(file.name, error);
  }
  try {
    const sizes = productImageSizes({ width: bitmap.width, height: bitmap.height });
    const gallery = draw(bitmap, sizes.gallery);
    const grid = draw(gallery, sizes.grid);
    const { blobs, ...encoding } = await encodeBoth(gallery, grid);
    return { ...encoding, gallery: { blob: blobs[0], size: sizes.gallery }, grid: { blob: blobs[1], size: sizes.grid } };
  } finally {
    bitmap.close();
  }
}
