// Reading a file through links that expire: the viewer holds one link at a time, asks a new one
// when it has run out or Storage refuses it, and retries the read once with it.
import { DeliveryError } from '@/features/dashboard/lib/delivery-errors';
import { isExpired, type DeliveryLink } from '@/features/dashboard/lib/delivery-link';

export interface LinkSource {
  current(): DeliveryLink;
  /** A new link; concurrent callers share one request (each link issued counts against the day's limit). */
  renew(): Promise<DeliveryLink>;
}

export function renewingLink(first: DeliveryLink, issue: () => Promise<DeliveryLink>): LinkSource {
  let link = first;
  let pending: Promise<DeliveryLink> | null = null;
  return {
    current: () => link,
    renew() {
      pending ??= issue()
        .then((fresh) => (link = fresh))
        .finally(() => {
          pending = null;
        });
      return pending;
    },
  };
}

export interface RangeRead {
  bytes: Uint8Array;
  /** The file's whole length. */
  total: number;
}

export interface ReadOptions {
  fetch?: typeof fetch;
  now?: () => number;
  signal?: AbortSignal;
}

/** Storage refuses an expired, edited or other object's token with 400 (InvalidJWT, InvalidSignature); 401/403 say the same. */
const refusesToken = (status: number) => status === 400 || status === 401 || status === 403;

/** The total from `Content-Range: bytes 0-65535/1048576`. */
export function totalOf(contentRange: string | null): number | null {
  const match = /\/(\d+)\s*$/.exec(contentRange ?? '');
  return match ? Number(match[1]) : null;
}

/** Bytes [begin, end) of the file the source links to, renewing the link when it has run out. */
export async function readRange(source: LinkSource, begin: number, end: number, options: ReadOptions = {}): Promise<RangeRead> {
  const { fetch: fetchBytes = fetch, now = Date.now, signal } = options;
  const request = async (link: DeliveryLink) => {
    try {
      return await fetchBytes(link.url, { headers: { Range: `bytes=${begin}-${end - 1}` }, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new DeliveryError('network');
    }
  };
  let link = source.current();
  if (isExpired(link, now())) link = await source.renew();
  let response = await request(link);
  if (refusesToken(response.status)) {
    await response.body?.cancel();
    response = await request(await source.renew());
    if (refusesToken(response.status)) throw new DeliveryError('expired');
  }
  if (response.status === 404) throw new DeliveryError('unavailable');
  if (!response.ok) throw new DeliveryError('failed');
  let body: Uint8Array;
  try {
    body = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new DeliveryError('network');
  }
  // A server that ignores Range answers 200 with the whole file.
  if (response.status === 200) return { bytes: body.subarray(begin, end), total: body.byteLength };
  return { bytes: body, total: totalOf(response.headers.get('content-range')) ?? begin + body.byteLength };
}
