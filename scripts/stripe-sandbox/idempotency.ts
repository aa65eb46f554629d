// Stripe's idempotent requests: a POST with an `Idempotency-Key` header answers, for 24 hours, the
// status and body of the first request made with that key, with `Idempotent-Replayed: true`, as
// long as it is made to the same endpoint with the same parameters; otherwise 400
// `idempotency_error`. A request refused while its parameters were read is not kept (Stripe keeps
// only requests that started to run), so it may be sent again with the same key once corrected.
import { apiErrors } from './errors.ts';
import type { FormHash } from './form.ts';

export interface KeptAnswer {
  status: number;
  body: unknown;
  /** The id of the request that made the answer (`Original-Request`). */
  requestId: string;
}

interface Kept extends KeptAnswer {
  endpoint: string;
  parameters: string;
  /** When it was kept, on the double's clock. */
  at: number;
}

const keptSeconds = 24 * 60 * 60;

/** The parameters with their keys in order, so that the same parameters in another order still match. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export class IdempotencyKeys {
  readonly #kept = new Map<string, Kept>();

  /** The answer kept for `key`, if any; an idempotency_error when the key was used otherwise. */
  replay(key: string, endpoint: string, parameters: FormHash): KeptAnswer | undefined {
    const kept = this.#kept.get(key);
    if (!kept) return undefined;
    if (kept.endpoint !== endpoint) throw apiErrors.idempotencyEndpoint(key, kept.endpoint, endpoint);
    if (kept.parameters !== canonical(parameters)) throw apiErrors.idempotencyParams(key);
    return kept;
  }

  keep(key: string, endpoint: string, parameters: FormHash, answer: KeptAnswer, now: number): void {
    this.#kept.set(key, { ...answer, endpoint, parameters: canonical(parameters), at: now });
  }

  /** Forgets the keys older than Stripe's 24 hours. */
  forgetBefore(now: number): void {
    for (const [key, kept] of this.#kept) {
      if (kept.at > now - keptSeconds) break;
      this.#kept.delete(key);
    }
  }
}
