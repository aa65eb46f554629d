import { describe, expect, it } from 'vitest';
import { fileKind, isViewable, libraryItems, type LibraryRow } from '@/features/dashboard/lib/library-items';

const row = (id: string, variant_id: string, created_at: string, extra: Partial<LibraryRow> = {}): LibraryRow => ({
  order_item_id: id,
  variant_id,
  product_title: `Produit ${variant_id}`,
  variant_title: null,
  image_url: null,
  file_type: 'pdf',
  purchased_at: created_at,
  online_only: false,
  new_version: false,
  refunded_at: null,
  access_suspended: false,
  ...extra,
});

describe('libraryItems', () => {
  it('lists the most recent purchases first', () => {
    const items = libraryItems([row('1', 'a', '2026-01-01T00:00:00Z'), row('2', 'b', '2026-03-01T00:00:00Z'), row('3', 'c', '2026-02-01T00:00:00Z')]);
    expect(items.map((item) => item.id)).toEqual(['2', '3', '1']);
  });

  it('shows a variant bought twice once, from its latest order', () => {
    const items = libraryItems([row('old', 'a', '2026-01-01T00:00:00Z'), row('new', 'a', '2026-05-01T00:00:00Z'), row('other', 'b', '2026-02-01T00:00:00Z')]);
    expect(items.map((item) => item.id)).toEqual(['new', 'other']);
  });

  it('carries the titles, image and file kind', () => {
    const [item] = libraryItems([row('1', 'a', '2026-01-01T00:00:00Z', { variant_title: '20 minutes', image_url: 'http://img.test/a.png', file_type: 'audio' })]);
    expect(item).toMatchObject({ productTitle: 'Produit a', variantTitle: '20 minutes', imageUrl: 'http://img.test/a.png', kind: 'audio' });
  });

  it('carries whether the file is read online only and whether a new version waits', () => {
    const [item] = libraryItems([row('1', 'a', '2026-01-01T00:00:00Z', { online_only: true, new_version: true })]);
    expect(item).toMatchObject({ onlineOnly: true, newVersion: true });
  });
});

describe('an item that no longer opens', () => {
  it('says when it was refunded, in French, by the calendar of Paris', () => {
    const [item] = libraryItems([row('1', 'a', '2026-01-01T00:00:00Z', { refunded_at: '2026-11-26T23:30:00Z' })]);
    expect(item!.noAccess).toBe('Ce contenu a été remboursé le 27 novembre 2026.');
  });

  it('says access is suspended while a dispute is open', () => {
    const [item] = libraryItems([row('1', 'a', '2026-01-01T00:00:00Z', { access_suspended: true })]);
    expect(item!.noAccess).toBe('Accès suspendu : un litige est en cours.');
  });

  it('is null while the item opens', () => {
    expect(libraryItems([row('1', 'a', '2026-01-01T00:00:00Z')])[0]!.noAccess).toBeNull();
  });

  it('keeps, of a variant bought twice, the purchase that still opens', () => {
    const items = libraryItems([row('kept', 'a', '2026-01-01T00:00:00Z'), row('refunded', 'a', '2026-05-01T00:00:00Z', { refunded_at: '2026-05-02T00:00:00Z' })]);
    expect(items.map((item) => [item.id, item.noAccess])).toEqual([['kept', null]]);
  });
});

describe('fileKind', () => {
  it('knows pdf, video and audio, and calls anything else other', () => {
    expect(['pdf', 'video', 'audio', 'other', null, 'zip'].map(fileKind)).toEqual(['pdf', 'video', 'audio', 'other', 'other', 'other']);
  });
});

describe('isViewable', () => {
  it('opens PDFs, audio and video in the viewer, and leaves any other file to the download', () => {
    expect((['pdf', 'audio', 'video', 'other'] as const).map(isViewable)).toEqual([true, true, true, false]);
  });
});
