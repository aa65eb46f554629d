import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/config/env';

const valid = {
  VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
  VITE_SUPABASE_PUBLISHABLE_KEY: 'anon-key',
  VITE_COMMERCE_API_URL: 'https://commerce.example.test',
  VITE_COMMERCE_STORE_ID: 'store_lumiere_sacree',
  VITE_ADMIN_EMAIL: 'admin@lumiere-sacree.test',
  VITE_UNRELATED: 'kept out',
};

describe('parseEnv', () => {
  it('returns exactly the five variables when they are valid, and the commerce service as the catalogue by default', () => {
    const { VITE_UNRELATED: _ignored, ...expected } = valid;
    expect(parseEnv(valid)).toEqual({ ...expected, VITE_CATALOGUE_SOURCE: 'hostinger' });
    expect(parseEnv({ ...valid, VITE_CATALOGUE_SOURCE: '' }).VITE_CATALOGUE_SOURCE).toBe('hostinger');
    expect(parseEnv({ ...valid, VITE_CATALOGUE_SOURCE: 'hostinger' }).VITE_CATALOGUE_SOURCE).toBe('hostinger');
  });

  it("reads the shop's own catalogue with VITE_CATALOGUE_SOURCE=shop, the commerce service's variables then optional", () => {
    const { VITE_COMMERCE_API_URL: _url, VITE_COMMERCE_STORE_ID: _store, ...withoutCommerce } = valid;
    expect(parseEnv({ ...withoutCommerce, VITE_CATALOGUE_SOURCE: 'shop' })).toEqual({
      VITE_SUPABASE_URL: valid.VITE_SUPABASE_URL,
      VITE_SUPABASE_PUBLISHABLE_KEY: valid.VITE_SUPABASE_PUBLISHABLE_KEY,
      VITE_COMMERCE_API_URL: '',
      VITE_COMMERCE_STORE_ID: '',
      VITE_ADMIN_EMAIL: valid.VITE_ADMIN_EMAIL,
      VITE_CATALOGUE_SOURCE: 'shop',
    });
    expect(parseEnv({ ...valid, VITE_CATALOGUE_SOURCE: 'shop' }).VITE_COMMERCE_API_URL).toBe(valid.VITE_COMMERCE_API_URL);
    expect(() => parseEnv({ ...valid, VITE_CATALOGUE_SOURCE: 'shop', VITE_COMMERCE_API_URL: 'ftp://commerce.test' })).toThrow('VITE_COMMERCE_API_URL');
    expect(() => parseEnv(withoutCommerce)).toThrow('VITE_COMMERCE_API_URL, VITE_COMMERCE_STORE_ID');
  });

  it('refuses a catalogue source it does not know', () => {
    expect(() => parseEnv({ ...valid, VITE_CATALOGUE_SOURCE: 'supabase' })).toThrow(
      'Invalid env provided. The following variables are missing or invalid: VITE_CATALOGUE_SOURCE',
    );
  });

  it('names every missing or invalid variable, and only those', () => {
    const source = { ...valid, VITE_SUPABASE_URL: 'pas-une-url', VITE_COMMERCE_API_URL: 'ftp://commerce.test', VITE_ADMIN_EMAIL: 'admin', VITE_COMMERCE_STORE_ID: '' };
    delete (source as Partial<typeof valid>).VITE_SUPABASE_PUBLISHABLE_KEY;
    expect(() => parseEnv(source)).toThrow(
      'Invalid env provided. The following variables are missing or invalid: VITE_SUPABASE_URL, VITE_SUPABASE_PUBLISHABLE_KEY, VITE_COMMERCE_API_URL, VITE_COMMERCE_STORE_ID, VITE_ADMIN_EMAIL',
    );
  });

  it('refuses a value that is not a string', () => {
    expect(() => parseEnv({ ...valid, VITE_SUPABASE_PUBLISHABLE_KEY: 42 })).toThrow('VITE_SUPABASE_PUBLISHABLE_KEY');
  });
});
