// One JSON call to a Hostinger API (the storefront's or the Ecommerce API), read with a zod schema.
// Whatever goes wrong there (unreachable, non-OK, an answer we cannot read) is a CommerceError; a
// 404, when the caller expects one, is null. The token, if any, never reaches a message or a log.
import { z } from 'zod';
import { CommerceError } from '../errors.ts';

/** Hostinger refused for its rate limit: `retryAfterMs` is what its Retry-After header asked. */
export class RateLimited extends CommerceError {
  constructor(what: string, readonly retryAfterMs: number) {
    super(`${what}: HTTP 429: rate limited, retry after ${Math.round(retryAfterMs / 1000)} s`);
  }
}

export interface JsonCall {
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  token?: string;
  /** 404 answers null instead of failing. */
  notFoundAsNull?: boolean;
}

const timeoutMs = 10_000;

/** Retry-After in seconds or as an HTTP date; a minute when absent or unreadable. */
function retryAfterMs(header: string | null): number {
  if (header !== null && /^\d+$/.test(header.trim())) return Number(header) * 1000;
  const date = header === null ? Number.NaN : Date.parse(header);
  return Number.isNaN(date) ? 60_000 : Math.max(0, date - Date.now());
}

export async function callJson<T>(schema: z.ZodType<T>, call: JsonCall, what: string): Promise<T | null> {
  const method = call.method ?? 'GET';
  let response: Response;
  try {
    response = await fetch(call.url, {
      method,
      headers: {
        Accept: 'application/json',
        ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(call.token ? { Authorization: `Bearer ${call.token}` } : {}),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (cause) {
    throw new CommerceError(`${what}: unreachable (${(cause as Error).message})`, { cause });
  }
  if (call.notFoundAsNull && response.status === 404) {
    await response.body?.cancel();
    return null;
  }
  if (response.status === 429) {
    await response.body?.cancel();
    throw new RateLimited(what, retryAfterMs(response.headers.get('retry-after')));
  }
  // Spec §8's wording for a failed commerce call, with Hostinger's own message when it gives one.
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    const message = (() => {
      try {
        return String((JSON.parse(text) as { message?: unknown }).message ?? '');
      } catch {
        return '';
      }
    })();
    throw new CommerceError(`${what}: HTTP ${response.status}: ${response.statusText}${message ? ` (${message.slice(0, 200)})` : ''}`);
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch (cause) {
    throw new CommerceError(`${what}: the answer is not JSON`, { cause });
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new CommerceError(`${what}: unexpected answer: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
