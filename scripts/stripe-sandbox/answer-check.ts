// The double's answers held to Stripe's published schema before they leave (openapi/schemas.ts):
// every object an answer or a webhook carries goes through `checked` or `checkedList`. An object
// the schema refuses is a defect of the double, never something to send: the request that built
// it answers 500 with the problems in its message, and the console names them, so that the test
// which made the call fails loudly instead of the shop learning a shape Stripe never sends.
import { listProblems, schemaProblems, type StripeListOperation, type StripeSchemaName } from './openapi/schemas.ts';
import type { StripeErrorBody } from './errors.ts';

export class SchemaDrift extends Error {
  constructor(
    readonly what: string,
    readonly problems: string[],
  ) {
    super(`the Stripe sandbox built ${what} that Stripe's published schema refuses: ${problems.join('; ')}`);
  }
}

/** `value` unchanged when the named schema accepts it; a SchemaDrift otherwise. */
export function checked<T>(schema: StripeSchemaName, value: T): T {
  const problems = schemaProblems(schema, value);
  if (problems.length > 0) throw new SchemaDrift(`a ${schema}`, problems);
  return value;
}

/** The same for the list answer of one of the list operations. */
export function checkedList<T>(operation: StripeListOperation, value: T): T {
  const problems = listProblems(operation, value);
  if (problems.length > 0) throw new SchemaDrift(`the answer to ${operation}`, problems);
  return value;
}

/** What a request answers when its answer drifted: Stripe's 500 shape, the problems in its message. */
export function driftAnswer(drift: SchemaDrift): { status: 500; body: StripeErrorBody } {
  console.error(`[stripe-sandbox] ${drift.message}`);
  return { status: 500, body: { error: { type: 'api_error', message: drift.message } } };
}
