import { describe, expect, it } from 'vitest';
import { isNavActive, mainNav } from '@/app/layouts/nav-links';

const item = (label: string) => mainNav.find((entry) => entry.label === label)!;

describe('isNavActive', () => {
  it('highlights Boutique on the store and on product pages', () => {
    expect(isNavActive(item('Boutique'), '/store')).toBe(true);
    expect(isNavActive(item('Boutique'), '/product/p1')).toBe(true);
    expect(isNavActive(item('Boutique'), '/about')).toBe(false);
  });

  it('highlights Accueil only on the home page', () => {
    expect(isNavActive(item('Accueil'), '/')).toBe(true);
    expect(isNavActive(item('Accueil'), '/store')).toBe(false);
  });

  it('lists the five public links in order', () => {
    expect(mainNav.map((entry) => [entry.label, entry.to])).toEqual([
      ['Accueil', '/'],
      ['Boutique', '/store'],
      ['À Propos', '/about'],
      ['Contact', '/contact'],
      ['FAQ', '/faq'],
    ]);
  });
});
