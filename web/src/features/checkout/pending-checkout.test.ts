import { describe, expect, it } from 'vitest';
import { clearPendingCheckout, readPendingCheckout, savePendingCheckout } from '@/features/checkout/pending-checkout';

describe('pending checkout', () => {
  it('remembers where the checkout was started', () => {
    savePendingCheckout('/product/p1?x=1', 1000);
    expect(readPendingCheckout(2000)).toEqual({ returnTo: '/product/p1?x=1', createdAt: 1000 });
  });

  it('is forgotten once cleared', () => {
    savePendingCheckout('/store');
    clearPendingCheckout();
    expect(readPendingCheckout()).toBeNull();
  });

  it('expires after 30 minutes', () => {
    savePendingCheckout('/store', 0);
    expect(readPendingCheckout(30 * 60_000)).not.toBeNull();
    expect(readPendingCheckout(30 * 60_000 + 1)).toBeNull();
  });

  it('ignores unreadable data', () => {
    sessionStorage.setItem('lumiere-sacree-pending-checkout', '{oops');
    expect(readPendingCheckout()).toBeNull();
  });
});
