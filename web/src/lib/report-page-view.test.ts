import { expect, it } from 'vitest';
import { referrerHost } from '@/lib/report-page-view';

it('keeps only the host of a referrer from another site', () => {
  expect(referrerHost('https://www.Qwant.com/?q=lumiere', 'shop.example')).toBe('www.qwant.com');
  expect(referrerHost('http://127.0.0.1:5173/store', 'shop.example')).toBe('127.0.0.1:5173');
});

it('has no referrer for the shop itself, an empty referrer or a malformed one', () => {
  expect(referrerHost('https://shop.example/store', 'shop.example')).toBeNull();
  expect(referrerHost('', 'shop.example')).toBeNull();
  expect(referrerHost('not a url', 'shop.example')).toBeNull();
});
