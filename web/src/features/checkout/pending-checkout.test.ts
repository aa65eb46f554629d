// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { clearPendingCheckout, readPendingCheckout, savePendingCheckout } from '@/features/checkout/pending-checkout';

const consent = { cgvVersion: 2, acceptsCgv: true, requestsImmediateAccess: true } as const;

describe('pending checkout', () => {
  it('remembers where the checkout was started, and the consent given', () => {
    savePendingCheckout('/product/p1?x=1', consent, 1000);
    expect(readPendingCheckout(2000)).toEqual({ returnTo: '/product/p1?x=1', createdAt: 1000, consent });
  });

  it('ignores a checkout saved without a full consent', () => {
    sessionStorage.setItem('lumiere-sacree-pending-checkout', JSON.stringify({ returnTo: '/store', createdAt: Date.now(), consent: { cgvVersion: 2, acceptsCgv: true } }));
    expect(readPendingCheckout()).toBeNull();
  });

  it('is forgotten once cleared', () => {
    savePendingCheckout('/store', consent);
    clearPendingCheckout();
    expect(readPendingCheckout()).toBeNull();
  });

  it('expires after 30 minutes', () => {
    savePendingCheckout('/store', consent, 0);
    expect(readPendingCheckout(30 * 60_000)).not.toBeNull();
    expect(readPendingCheckout(30 * 60_000 + 1)).toBeNull();
  });

  it('ignores unreadable data', () => {
    sessionStorage.setItem('lumiere-sacree-pending-checkout', '{oops');
    expect(readPendingCheckout()).toBeNull();
  });
});
