// How many lanes npm test runs at once: SHOP_TEST_CONCURRENCY by hand, else what the machine has.
import { describe, expect, it } from 'vitest';
import { chooseConcurrency, testConcurrency } from './test-concurrency.ts';

describe('testConcurrency', () => {
  it('takes SHOP_TEST_CONCURRENCY, with one journey site and one stack worker below four lanes', async () => {
    expect(await testConcurrency({ SHOP_TEST_CONCURRENCY: '2' })).toEqual({ lanes: 2, journeySites: 1, stackWorkers: 1, basis: 'SHOP_TEST_CONCURRENCY=2' });
    expect(await testConcurrency({ SHOP_TEST_CONCURRENCY: '4' })).toMatchObject({ lanes: 4, journeySites: 2, stackWorkers: 2 });
    expect((await testConcurrency({ SHOP_TEST_CONCURRENCY: '12' })).lanes).toBe(5);
  });

  it('refuses a SHOP_TEST_CONCURRENCY that is not a whole number of lanes', async () => {
    for (const value of ['0', '-1', '1.5', 'many']) {
      await expect(testConcurrency({ SHOP_TEST_CONCURRENCY: value }), value).rejects.toThrow('SHOP_TEST_CONCURRENCY must be a whole number of lanes');
    }
  });

  it('runs a lane per idle core and one more, every lane from four idle cores, fewer where memory is short', () => {
    const gib = 1024 ** 3;
    const lanes = (cores: number, busy: number, freeGiB = 20) => chooseConcurrency({ cores, busy, freeBytes: freeGiB * gib }).lanes;
    expect([lanes(2, 0), lanes(2, 0.5), lanes(2, 1), lanes(2, 2), lanes(2, 20)]).toEqual([3, 3, 2, 2, 2]);
    expect([lanes(4, 0), lanes(16, 1)]).toEqual([5, 5]);
    expect([lanes(2, 0, 5), lanes(2, 0, 1)]).toEqual([2, 1]);
    expect(chooseConcurrency({ cores: 2, busy: 2.04, freeBytes: 20 * gib })).toEqual({ lanes: 2, journeySites: 1, stackWorkers: 1, basis: '2 cores, 2.0 busy, 20 GiB free' });
  });

  it('reads the machine when nothing is set', async () => {
    expect((await testConcurrency({})).basis).toMatch(/^\d+ cores, [\d.]+ busy, \d+ GiB free$/);
  });
});
