// Stripe's own description of the objects the double answers with (components.json beside this
// file: component schemas and list answers taken verbatim from Stripe's OpenAPI document, see
// source.json), turned into checks of one answer. The double runs the objects it sends through
// them, so a drift from what Stripe publishes fails whatever test made the call.
//
// Which Stripe: spec3 of stripe/openapi v309, API version 2022-11-15 (source.json says how that
// was established), the version of the SDK the shop pins (stripe 12.3.0) and of the double.
// Replacing the document (extract.ts) changes no code here.
//
// The document is OpenAPI 3.0, not JSON Schema; each schema is translated once, in memory (the
// file stays as published), before ajv compiles it:
// - `nullable: true` admits null: ajv's own `nullable` keyword needs a `type` beside it and leaves
//   an `enum` without null, and of the 1,363 nullable fields in components.json 354 are a bare
//   `anyOf` (an expandable or a nested object) and 110 enums, so null is added to the type, the
//   enum or the anyOf, and `nullable` removed.
// - `format: unix-time` is an integer (seconds since the epoch); `format: decimal` a decimal number
//   written as a string ("2000", "0.5"), as Stripe's `*_decimal` fields are.
// - `x-` keywords (x-expandableFields, x-resourceId, x-expansionResources, x-stripeBypassValidation,
//   …) are Stripe's annotations for its SDK generators and are dropped; any other keyword ajv does
//   not know fails the compilation (strict mode), so a construct the translation misses is seen.
// - Stripe lists required properties but does not close its objects. An answer is held to more, as
//   a faithful double must be: wherever a schema lists `properties` and says nothing of
//   `additionalProperties`, a property it does not document is a problem, so the double cannot
//   invent fields. Free-form objects (metadata, an event's data.object) stay open.
// Enums marked x-stripeBypassValidation (Stripe may add values to them) are held to the values
// listed: the double has no reason to answer a value its document does not name.
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

type Schema = Record<string, unknown>;

export type StripeSchemaName = 'checkout.session' | 'item' | 'payment_intent' | 'charge' | 'refund' | 'dispute' | 'event' | 'webhook_endpoint' | 'error';

export type StripeListOperation =
  | 'GET /v1/checkout/sessions'
  | 'GET /v1/checkout/sessions/{session}/line_items'
  | 'GET /v1/events'
  | 'GET /v1/refunds'
  | 'GET /v1/webhook_endpoints';

interface Components {
  components: { schemas: Record<string, Schema> };
  'x-list-responses': Record<StripeListOperation, Schema>;
}

/** components.json as published: Stripe's component schemas and list answers, untranslated. */
export const components = JSON.parse(readFileSync(new URL('./components.json', import.meta.url), 'utf8')) as Components;

const base = 'stripe-components.json';

/** An OpenAPI 3.0 schema of Stripe's as the JSON Schema ajv checks (see the header). */
function translate(node: Schema): Schema {
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('x-') || key === 'nullable') continue;
    if (key === '$ref') out.$ref = `${base}#/definitions/${(value as string).replace(/^#\/components\/schemas\//, '')}`;
    else if (key === 'properties') out.properties = Object.fromEntries(Object.entries(value as Record<string, Schema>).map(([name, property]) => [name, translate(property)]));
    else if (key === 'items' || (key === 'additionalProperties' && typeof value === 'object')) out[key] = translate(value as Schema);
    else if (key === 'anyOf' || key === 'oneOf' || key === 'allOf') out[key] = (value as Schema[]).map(translate);
    else out[key] = value;
  }
  if (out.properties && !('additionalProperties' in out)) out.additionalProperties = false;
  if (node.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
    if (Array.isArray(out.anyOf)) out.anyOf = [...(out.anyOf as Schema[]), { type: 'null' }];
    if (!out.type && !out.anyOf) throw new Error(`nullable schema with neither type nor anyOf: ${JSON.stringify(node).slice(0, 200)}`);
  }
  return out;
}

let ajv: Ajv | undefined;

/** One ajv for every check, holding the translated schemas (made on the first check). */
function instance(): Ajv {
  if (ajv) return ajv;
  ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
  ajv.addFormat('unix-time', { type: 'number', validate: (value: number) => Number.isInteger(value) });
  ajv.addFormat('decimal', { type: 'string', validate: /^-?\d+(\.\d+)?$/ });
  const schemas = Object.fromEntries(Object.entries(components.components.schemas).map(([name, schema]) => [name, translate(schema)]));
  // Every component schema as a definition of one schema, where the translated $refs point.
  ajv.addSchema({ $id: base, definitions: schemas });
  return ajv;
}

const compiled = new Map<string, ValidateFunction>();

function validator(key: string, schema: () => Schema): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    validate = instance().compile(schema());
    compiled.set(key, validate);
  }
  return validate;
}

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if ('additionalProperty' in params) return `${error.instancePath || '/'} must NOT have additional properties (${String(params.additionalProperty)})`;
  if (error.keyword === 'type') return `${error.instancePath || '/'} must be ${String(params.type).split(',').join(' or ')}`;
  const allowed = 'allowedValues' in params ? ` (${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')})` : '';
  return `${error.instancePath || '/'} ${error.message}${allowed}`;
}

/**
 * ajv's errors, one line each, less the echoes of an `anyOf` (an expandable field, a nullable
 * object): its "must match a schema in anyOf", and the type mismatches of the shapes the value did
 * not take when it took one (what is wrong inside it is listed), else those mismatches as one line.
 * Where two shapes are objects (a customer or a deleted customer), the problems of both are listed.
 */
function problemsOf(validate: ValidateFunction, where: string): string[] {
  const errors = validate.errors ?? [];
  const anyOfAt = new Set(errors.filter((error) => error.keyword === 'anyOf').map((error) => error.instancePath));
  // The value took a shape when something is wrong inside it, or at it beyond its type.
  const tookAShape = (at: string) =>
    errors.some((error) => error.instancePath.startsWith(`${at}/`) || (error.instancePath === at && error.keyword !== 'type' && error.keyword !== 'anyOf'));
  const mismatches = new Map<string, Set<string>>();
  const lines: Array<string | { mismatchAt: string }> = [];
  for (const error of errors) {
    const at = error.instancePath;
    if (error.keyword === 'anyOf') {
      if (!tookAShape(at) && !errors.some((other) => other.keyword === 'type' && other.instancePath === at)) lines.push(`${at || '/'} must match a schema in anyOf`);
    } else if (error.keyword === 'type' && anyOfAt.has(at)) {
      if (tookAShape(at)) continue;
      if (!mismatches.has(at)) {
        mismatches.set(at, new Set());
        lines.push({ mismatchAt: at });
      }
      for (const type of String((error.params as { type: unknown }).type).split(',')) mismatches.get(at)!.add(type);
    } else lines.push(describe(error));
  }
  return lines.map((line) => where + (typeof line === 'string' ? line : `${line.mismatchAt || '/'} must be ${[...mismatches.get(line.mismatchAt)!].join(' or ')}`));
}

/** Every way `value` breaks the named component schema of Stripe's document, one line each; empty when it conforms. */
export function schemaProblems(schema: StripeSchemaName, value: unknown): string[] {
  if (!components.components.schemas[schema]) throw new Error(`components.json has no schema ${schema}`);
  // Compiled once per schema, not per answer.
  const validate = validator(schema, () => ({ $ref: `${base}#/definitions/${schema}` }));
  return validate(value) ? [] : problemsOf(validate, `${schema}: `);
}

/** The same for a list answer `{ object: 'list', data, has_more, url }` of one of the served list operations. */
export function listProblems(operation: StripeListOperation, value: unknown): string[] {
  const schema = components['x-list-responses'][operation];
  if (!schema) throw new Error(`components.json has no list answer for ${operation}`);
  const validate = validator(operation, () => translate(schema));
  return validate(value) ? [] : problemsOf(validate, `${operation} answer: `);
}
