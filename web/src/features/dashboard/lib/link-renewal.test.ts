import { describe, expect, it } from 'vitest';
import { DeliveryError } from '@/features/dashboard/lib/delivery-errors';
import type { DeliveryLink } from '@/features/dashboard/lib/delivery-link';
import { readRange, renewingLink, totalOf } from '@/features/dashboard/lib/link-renewal';

const start = Date.parse('2026-11-25T10:00:00Z');
const file = Uint8Array.from({ length: 200 }, (_, i) => i);

const linkNumber = (n: number, expiresAt = start + 15 * 60_000): DeliveryLink => ({ url: `https://storage.test/f.pdf?token=${n}`, fileName: 'f.pdf', kind: 'pdf', expiresAt, receivedAt: start });

/** Storage as the viewer meets it: Range answered with 206, and tokens it no longer honours refused with 400. */
function storage(honoured: Set<string>) {
  const asked: string[] = [];
  const fetchBytes = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    asked.push(url);
    if (!honoured.has(new URL(url).searchParams.get('token') ?? '')) {
      return new Response(JSON.stringify({ statusCode: '400', error: 'InvalidJWT', message: 'jwt expired' }), { status: 400 });
    }
    const [, from, to] = /bytes=(\d+)-(\d+)/.exec(new Headers(init?.headers).get('range') ?? '') ?? [];
    const slice = file.slice(Number(from), Number(to) + 1);
    return new Response(slice, { status: 206, headers: { 'Content-Range': `bytes ${from}-${Number(from) + slice.length - 1}/${file.length}` } });
  };
  return { fetch: fetchBytes as typeof fetch, asked };
}

/** A source whose renewals hand out links 2, 3, … and count themselves. */
function source(first: DeliveryLink) {
  let issued = 1;
  const links = renewingLink(first, async () => linkNumber(++issued));
  return { links, renewals: () => issued - 1 };
}

describe('readRange', () => {
  it('reads the range with the current link and learns the whole length', async () => {
    const { links, renewals } = source(linkNumber(1));
    const read = await readRange(links, 10, 20, { ...storage(new Set(['1'])), now: () => start });
    expect([...read.bytes]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(read.total).toBe(200);
    expect(renewals()).toBe(0);
  });

  it('asks a new link first when the current one has run out', async () => {
    const { links, renewals } = source(linkNumber(1, start + 60_000));
    const { fetch, asked } = storage(new Set(['2']));
    const read = await readRange(links, 0, 4, { fetch, now: () => start + 60_000 });
    expect([...read.bytes]).toEqual([0, 1, 2, 3]);
    expect(renewals()).toBe(1);
    expect(asked).toEqual(['https://storage.test/f.pdf?token=2']);
  });

  it('renews and retries once when Storage refuses a link the clock still thought good', async () => {
    const { links, renewals } = source(linkNumber(1));
    const read = await readRange(links, 100, 102, { ...storage(new Set(['2'])), now: () => start });
    expect([...read.bytes]).toEqual([100, 101]);
    expect(renewals()).toBe(1);
    expect(links.current().url).toContain('token=2');
  });

  it('gives up with an expired link when the new one is refused too', async () => {
    const { links, renewals } = source(linkNumber(1));
    await expect(readRange(links, 0, 4, { ...storage(new Set()), now: () => start })).rejects.toMatchObject({ failure: 'expired' });
    expect(renewals()).toBe(1);
  });

  it('passes on a refused renewal (the day’s limit) as it is', async () => {
    const links = renewingLink(linkNumber(1, start), async () => {
      throw new DeliveryError('limit', 'Réessayez plus tard.');
    });
    await expect(readRange(links, 0, 4, { ...storage(new Set(['1'])), now: () => start })).rejects.toMatchObject({ failure: 'limit' });
  });

  it('calls a request that never reaches Storage a network failure', async () => {
    const { links } = source(linkNumber(1));
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(readRange(links, 0, 4, { fetch: offline, now: () => start })).rejects.toMatchObject({ failure: 'network' });
  });

  it('slices what a server that ignores Range sends whole', async () => {
    const { links } = source(linkNumber(1));
    const whole = (async () => new Response(file, { status: 200 })) as typeof fetch;
    const read = await readRange(links, 5, 8, { fetch: whole, now: () => start });
    expect([[...read.bytes], read.total]).toEqual([[5, 6, 7], 200]);
  });
});

describe('renewingLink', () => {
  it('shares one renewal among the reads that need it at once (each link counts against the limit)', async () => {
    let issued = 0;
    const links = renewingLink(linkNumber(0), async () => linkNumber(++issued));
    const [a, b] = await Promise.all([links.renew(), links.renew()]);
    expect([a.url, b.url, issued]).toEqual(['https://storage.test/f.pdf?token=1', 'https://storage.test/f.pdf?token=1', 1]);
    await links.renew();
    expect(issued).toBe(2);
  });
});

describe('totalOf', () => {
  it('reads the length after the slash of Content-Range', () => {
    expect([totalOf('bytes 0-65535/1048576'), totalOf('bytes */42'), totalOf(null), totalOf('bytes 0-1/*')]).toEqual([1048576, 42, null, null]);
  });
});
