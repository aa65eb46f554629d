// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShopImage } from '@/features/admin/api/shop-image-queries';
import { ShopImagesPanel } from '@/features/admin/components/shop-images-panel';
import type { ResizedImage } from '@/lib/product-image-sizes';

const storage = 'https://abcdefgh.supabase.co/storage/v1/object/public/product-images/';
const folder = 'prod_1/0b7a6f7e-6b5c-4d1e-9f00-0000000000a1';

/** What the panel asked: each row written and each object sent or removed, as supabase-js would send them. */
const { db } = vi.hoisted(() => ({
  db: {
    images: [] as ShopImage[],
    writes: [] as { op: string; values?: Record<string, unknown>; id?: unknown }[],
    uploads: [] as { path: string; type: string; contentType: string }[],
    removed: [] as string[][],
    resize: null as null | ((file: File) => Promise<ResizedImage>),
  },
}));

function rows() {
  const call: { op: string; values?: Record<string, unknown>; id?: unknown } = { op: 'select' };
  const chain = {
    select: () => chain,
    order: () => chain,
    single: () => chain,
    eq: (_column: string, value: unknown) => ((call.id = value), chain),
    insert: (values: Record<string, unknown>) => (Object.assign(call, { op: 'insert', values }), chain),
    update: (values: Record<string, unknown>) => (Object.assign(call, { op: 'update', values }), chain),
    delete: () => (Object.assign(call, { op: 'delete' }), chain),
    then: (resolve: (answer: { data: unknown; error: unknown }) => void) => {
      if (call.op === 'select') return resolve({ data: structuredClone(db.images), error: null });
      db.writes.push({ ...call });
      if (call.op === 'insert') {
        db.images.push({ ...(call.values as unknown as ShopImage), id: 'img_new', alt_text: null });
        return resolve({ data: { id: 'img_new' }, error: null });
      }
      const row = db.images.find((image) => image.id === call.id)!;
      if (call.op === 'update') Object.assign(row, call.values);
      else db.images.splice(db.images.indexOf(row), 1);
      return resolve({ data: [{ id: call.id }], error: null });
    },
  };
  return chain;
}

vi.mock('@/lib/supabase', () => ({
  supabase: {
    from: () => rows(),
    storage: {
      from: () => ({
        upload: async (path: string, blob: Blob, options: { contentType: string }) => {
          db.uploads.push({ path, type: blob.type, contentType: options.contentType });
          return { data: { path }, error: null };
        },
        remove: async (paths: string[]) => (db.removed.push(paths), { data: [], error: null }),
        getPublicUrl: (path: string) => ({ data: { publicUrl: storage + path } }),
      }),
    },
  },
}));

// jsdom has no canvas to draw on: the resize itself is the browser's, its arithmetic is tested apart.
vi.mock('@/features/admin/lib/resize-image', async (original) => ({
  ...(await original<typeof import('@/features/admin/lib/resize-image')>()),
  resizeImage: (file: File) => db.resize!(file),
}));

const resized: ResizedImage = {
  extension: 'webp',
  contentType: 'image/webp',
  gallery: { blob: new Blob(['gallery'], { type: 'image/webp' }), size: { width: 1600, height: 1200 } },
  grid: { blob: new Blob(['grid'], { type: 'image/webp' }), size: { width: 640, height: 480 } },
};

// The picker's `accept` only offers; the panel itself must refuse what is no photo.
const user = userEvent.setup({ applyAccept: false });

const image = (id: string, position: number, url: string, alt: string | null): ShopImage => ({ id, product_id: 'prod_1', url, position, alt_text: alt });

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ShopImagesPanel productId="prod_1" title="Méditation du matin" />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  db.images = [
    image('img_1', 0, `${storage}${folder}/gallery-1600x1200.webp`, 'Une bougie allumée'),
    image('img_2', 1, 'https://cdn.hostinger.example/store/livret.jpg', null),
  ];
  db.writes = [];
  db.uploads = [];
  db.removed = [];
  db.resize = async () => resized;
});

describe('ShopImagesPanel', () => {
  it('lists the images in order, the first as the thumbnail, and flags the one without an alternative text', async () => {
    renderPanel();
    const first = await screen.findByRole('listitem', { name: 'Image 1' });
    expect(within(first).getByText('Vignette du produit')).toBeTruthy();
    expect(within(first).getByText('Prête')).toBeTruthy();
    // The bucket's image shows at the grid's size; the imported one as it is.
    expect(first.querySelector('img')!.getAttribute('src')).toBe(`${storage}${folder}/grid.webp`);
    const second = screen.getByRole('listitem', { name: 'Image 2' });
    expect(within(second).getByText('Texte alternatif manquant')).toBeTruthy();
    expect(second.querySelector('img')!.getAttribute('src')).toBe('https://cdn.hostinger.example/store/livret.jpg');
    expect(screen.getByText(/Une image attend son texte alternatif/)).toBeTruthy();
  });

  it('sends several photos with their progress, each in two sizes after the last image, and says why one is refused', async () => {
    let finish!: () => void;
    db.resize = () => new Promise((resolve) => (finish = () => resolve(resized)));
    renderPanel();
    await screen.findByRole('listitem', { name: 'Image 2' });
    const pdf = new File(['%PDF'], 'livret.pdf', { type: 'application/pdf' });
    const huge = new File(['x'], 'scan.tiff.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 25 * 1024 * 1024 });
    const photo = new File(['jpeg'], 'autel.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Ajouter des images'), [pdf, huge, photo]);

    const progress = await screen.findByRole('progressbar', { name: 'Envoi des images' });
    expect(progress.getAttribute('aria-valuetext')).toBe('2 sur 3');
    expect(screen.getByRole('status').textContent).toContain('Image 3 sur 3 : « autel.jpg »');
    finish();

    const refusals = await screen.findByRole('alert');
    expect(refusals.textContent).toContain('« livret.pdf » n’est pas une photo : choisissez un fichier JPEG, PNG ou WebP.');
    expect(refusals.textContent).toContain('« scan.tiff.png » pèse 25 Mo : 20 Mo au plus.');
    expect(db.uploads).toHaveLength(2);
    const [grid, gallery] = db.uploads;
    expect(grid!.path).toMatch(/^prod_1\/[0-9a-f-]{36}\/grid\.webp$/);
    expect(gallery!.path).toBe(grid!.path.replace('grid.webp', 'gallery-1600x1200.webp'));
    expect(db.uploads.map((upload) => upload.contentType)).toEqual(['image/webp', 'image/webp']);
    expect(db.writes).toEqual([{ op: 'insert', values: { product_id: 'prod_1', url: storage + gallery!.path, position: 2 } }]);
    expect(await screen.findByRole('listitem', { name: 'Image 3' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says an image the browser cannot read, and sends nothing of it', async () => {
    const { UnreadableImageError } = await import('@/features/admin/lib/resize-image');
    db.resize = async (file) => {
      throw new UnreadableImageError(file.name);
    };
    renderPanel();
    await screen.findByRole('listitem', { name: 'Image 2' });
    await user.upload(screen.getByLabelText('Ajouter des images'), new File(['?'], 'abime.jpg', { type: 'image/jpeg' }));
    expect((await screen.findByRole('alert')).textContent).toContain('« abime.jpg » n’a pas pu être lue comme une image');
    expect(db.uploads).toEqual([]);
    expect(db.writes).toEqual([]);
  });

  it('requires an alternative text beside its field, keeps what was typed, and saves it trimmed', async () => {
    renderPanel();
    const second = await screen.findByRole('listitem', { name: 'Image 2' });
    const field = within(second).getByLabelText('Texte alternatif *');
    await userEvent.type(field, '   ');
    await userEvent.click(within(second).getByRole('button', { name: 'Enregistrer le texte' }));
    expect(within(second).getByRole('alert').textContent).toBe('Décrivez l’image en quelques mots : ce texte est lu à qui ne la voit pas.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(db.writes).toEqual([]);

    await userEvent.type(field, 'Le livret ouvert ');
    await userEvent.click(within(second).getByRole('button', { name: 'Enregistrer le texte' }));
    await waitFor(() => expect(db.writes).toEqual([{ op: 'update', values: { alt_text: 'Le livret ouvert' }, id: 'img_2' }]));
    expect(await within(second).findByText('Prête')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('   Le livret ouvert ');
  });

  it('moves an image, numbering the product’s images afresh', async () => {
    renderPanel();
    await screen.findByRole('listitem', { name: 'Image 2' });
    expect((screen.getByRole('button', { name: 'Monter l’image 1 (vignette)' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Monter l’image 2' }));
    await waitFor(() =>
      expect(db.writes).toEqual([
        { op: 'update', values: { position: 0 }, id: 'img_2' },
        { op: 'update', values: { position: 1 }, id: 'img_1' },
      ]),
    );
  });

  it('removes an image’s row, then both its objects when they are in the bucket', async () => {
    renderPanel();
    await screen.findByRole('listitem', { name: 'Image 2' });
    await userEvent.click(screen.getByRole('button', { name: 'Retirer l’image 1 (vignette)' }));
    await waitFor(() => expect(db.removed).toEqual([[`${folder}/gallery-1600x1200.webp`, `${folder}/grid.webp`]]));
    expect(db.writes).toEqual([{ op: 'delete', id: 'img_1' }]);

    await userEvent.click(await screen.findByRole('button', { name: 'Retirer l’image 1 (vignette)' }));
    await waitFor(() => expect(db.writes).toEqual([{ op: 'delete', id: 'img_1' }, { op: 'delete', id: 'img_2' }]));
    expect(db.removed).toHaveLength(1);
  });
});
