import { describe, expect, it } from 'vitest';
import { deliverablePath, fileNameOf, isUploadOf, safeSegment } from '@/features/admin/lib/deliverable-path';
import { formatFileSize } from '@/features/admin/lib/file-size';

// The bucket's product paths, as the database's constraint on product_files checks them.
const productPath = /^products\/[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

describe('deliverablePath', () => {
  it('puts each upload under its own path, in the bucket’s safe characters', () => {
    const path = deliverablePath('var_rituel_aube', 'Rituel de l’Aube — version 2 (HD).mp4', '0b8f6f0e-1c1a-4a57-8b8e-7f5f1f0d2a11');
    expect(path).toBe('products/var_rituel_aube/0b8f6f0e-1c1a-4a57-8b8e-7f5f1f0d2a11/Rituel-de-l-Aube-version-2-HD-.mp4');
    expect(path).toMatch(productPath);
    expect(deliverablePath('var', 'a.pdf', 'one')).not.toBe(deliverablePath('var', 'a.pdf', 'two'));
  });

  it('drops accents, leading dots and empty names', () => {
    expect(safeSegment('Éveil du Cœur.pdf', 'fichier')).toBe('Eveil-du-C-ur.pdf');
    expect(safeSegment('..cache', 'fichier')).toBe('cache');
    expect(safeSegment('???', 'fichier')).toBe('fichier');
  });

  it('shortens a long name but keeps its extension', () => {
    const name = safeSegment(`${'a'.repeat(300)}.webm`, 'fichier');
    expect(name).toHaveLength(120);
    expect(name.endsWith('.webm')).toBe(true);
  });

  it('reads the file name back and tells a variant’s uploads from another’s', () => {
    expect(fileNameOf('products/v/u/rituel.mp4')).toBe('rituel.mp4');
    expect(isUploadOf('products/var_a/u/x.pdf', 'var_a')).toBe(true);
    expect(isUploadOf('products/var_ab/u/x.pdf', 'var_a')).toBe(false);
  });
});

describe('formatFileSize', () => {
  it('writes sizes the French way', () => {
    expect(formatFileSize(12)).toBe('12 octets');
    expect(formatFileSize(1536)).toBe('1,5 Ko');
    expect(formatFileSize(734_003_200)).toBe('700 Mo');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 Go');
  });
});
