import { describe, expect, it } from 'vitest';
import { localSiteUrl, siteUrlFrom } from '@/prerender/site-url';

describe('siteUrlFrom', () => {
  it("is the local web app's address when unset", () => {
    expect(siteUrlFrom(undefined)).toBe(localSiteUrl);
    expect(siteUrlFrom('')).toBe('http://127.0.0.1:5173');
  });

  it('keeps the origin, without a trailing slash', () => {
    expect(siteUrlFrom('https://lumiere-sacree.fr/')).toBe('https://lumiere-sacree.fr');
    expect(siteUrlFrom('http://127.0.0.1:4173')).toBe('http://127.0.0.1:4173');
  });

  it('refuses what is not an origin', () => {
    expect(() => siteUrlFrom('lumiere-sacree.fr')).toThrow('VITE_SITE_URL');
    expect(() => siteUrlFrom('https://lumiere-sacree.fr/boutique')).toThrow('origin');
    expect(() => siteUrlFrom('ftp://lumiere-sacree.fr')).toThrow('origin');
  });
});
