// What an endpoint of the API is handed and what it answers. api.ts calls the endpoints and runs
// each answer through the schema check its answer names before sending it.
import type { RequestOrigin } from './events.ts';
import type { StripeListOperation, StripeSchemaName } from './openapi/schemas.ts';
import type { Params } from './params.ts';

export interface ApiCall {
  params: Params;
  /** The object's id in the path (`/v1/refunds/{refund}`), when the route has one. */
  id: string;
  /** The request's id and idempotency key, which the events it causes carry. */
  origin: RequestOrigin;
}

export type ApiAnswer = { body: unknown } & (
  | { schema: StripeSchemaName }
  | { list: StripeListOperation }
  /** Only where the published schemas have nothing to check with; says why. */
  | { unchecked: string }
);
