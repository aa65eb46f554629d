import { describe, expect, it } from 'vitest';
import { fileTypeLabel, missingFileCount, variantFileStatus, type VariantFile } from '@/features/admin/lib/variant-file-status';
import { buildProduct, buildVariant } from '@/testing/catalogue-fixtures';

const file: VariantFile = {
  variant_id: 'v1',
  object_path: 'products/v1/abc/rituel.mp4',
  file_type: 'video',
  content_type: 'video/mp4',
  size_bytes: 1024,
  uploaded_at: '2026-11-26T10:00:00Z',
  online_only: false,
};

describe('variantFileStatus', () => {
  it('shows the file when the variant has one', () => {
    expect(variantFileStatus(buildProduct(), file)).toEqual({ state: 'attached', file });
  });

  it('warns when a purchasable digital variant has none', () => {
    expect(variantFileStatus(buildProduct({ purchasable: true, type: { value: 'digital' } }), undefined)).toEqual({ state: 'missing' });
    expect(variantFileStatus(buildProduct({ purchasable: true, type: { value: '' } }), undefined)).toEqual({ state: 'missing' });
  });

  it('does not warn for a product that is not for sale, or not digital', () => {
    expect(variantFileStatus(buildProduct({ purchasable: false, type: { value: 'digital' } }), undefined)).toEqual({ state: 'not-sold' });
    expect(variantFileStatus(buildProduct({ purchasable: true, type: { value: 'physical' } }), undefined)).toEqual({ state: 'not-sold' });
  });
});

describe('missingFileCount', () => {
  it('counts the variants on sale without a file', () => {
    const products = [
      buildProduct({ id: 'a', purchasable: true, type: { value: 'digital' }, variants: [buildVariant({ id: 'v1' }), buildVariant({ id: 'v2' })] }),
      buildProduct({ id: 'b', purchasable: false, type: { value: 'digital' }, variants: [buildVariant({ id: 'v3' })] }),
    ];
    expect(missingFileCount(products, new Map([['v1', file]]))).toBe(1);
  });
});

describe('fileTypeLabel', () => {
  it('names the kind in French and the exact type when known', () => {
    expect(fileTypeLabel(file)).toBe('Vidéo · video/mp4');
    expect(fileTypeLabel({ file_type: 'other', content_type: null })).toBe('Archive');
  });
});
