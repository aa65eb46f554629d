// Hostinger's own description of its Ecommerce API (openapi.json beside this file, kept verbatim:
// see the sandbox's README for where it came from), turned into checks of one request and one
// answer. The double runs every request it receives and every answer it sends through them, so a
// drift of either side from the published document fails whatever test made the call.
//
// The document marks no property required and allows any other, and gives the order statuses as
// plain strings. An answer is therefore held to more than the document says, as a faithful double
// must be: every documented property present, none undocumented, and each order status one of the
// values its own list filter documents. A request is held to what it documents: declared query
// parameters only, enums respected, bodies without undocumented fields, and a Bearer token.
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';

type Schema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}

interface Operation {
  operationId: string;
  parameters?: Array<Parameter | { $ref: string }>;
  requestBody?: { required?: boolean; content: { 'application/json': { schema: Schema } } };
  responses: Record<string, { $ref?: string; content?: { 'application/json': { schema: Schema } } }>;
}

interface OpenApiDocument {
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; parameters: Record<string, Parameter>; responses: Record<string, { content: { 'application/json': { schema: Schema } } }> };
}

export const document = JSON.parse(readFileSync(new URL('./openapi.json', import.meta.url), 'utf8')) as OpenApiDocument;

/** Where the Ecommerce API's routes begin on its server. */
export const ecommercePrefix = '/api/ecommerce/v1';

// Statuses an operation may answer without listing them, each in a shape the document gives: 429
// (the overview's rate limit) and 404 (a store or an order that is not the caller's) as its errors
// are; 422 as its validation errors are, since the API validates the query of a GET too.
const sharedAnswer = (name: string) => document.components.responses[name]!.content['application/json'].schema;
const undocumentedErrors: Record<string, Schema> = {
  '404': sharedAnswer('Common.Response.ErrorResponse'),
  '429': sharedAnswer('Common.Response.ErrorResponse'),
  '422': sharedAnswer('Common.Response.UnprocessableContentResponse'),
};

// The order statuses the list filters document, which the order answers must keep to.
const orderStatusFields = ['status', 'payment_status', 'fulfillment_status'];

const ajv = new Ajv({ allErrors: true, strict: true });
ajv.addVocabulary(['example', 'x-scalar-ignore']);
ajv.addFormat('date-time', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?(Z|[+-]\d\d:\d\d)$/);

const refName = (ref: string) => ref.replace(/^#\/components\/(schemas|parameters|responses)\//, '');

/** The schema with every $ref inlined and, for an answer, every property required and no other allowed. */
function resolve(schema: Schema, mode: 'answer' | 'request'): Schema {
  if (typeof schema.$ref === 'string') return resolve(document.components.schemas[refName(schema.$ref)]!, mode);
  const out: Schema = { ...schema };
  if (out.items) out.items = resolve(out.items as Schema, mode);
  // The validation errors' `field_1`, `field_2` are placeholders: a map of field to messages.
  if (out.properties && Object.keys(out.properties).every((name) => /^field_\d+$/.test(name))) {
    return { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } };
  }
  if (out.properties) {
    const properties = Object.fromEntries(Object.entries(out.properties as Record<string, Schema>).map(([name, property]) => [name, resolve(property, mode)]));
    out.properties = properties;
    out.type ??= 'object';
    out.additionalProperties = false;
    if (mode === 'answer') out.required = Object.keys(properties);
  }
  return out;
}

const parameterOf = (parameter: Parameter | { $ref: string }): Parameter =>
  '$ref' in parameter ? document.components.parameters[refName(parameter.$ref)]! : parameter;

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  pathNames: string[];
  operation: Operation;
}

const routes: Route[] = Object.entries(document.paths)
  .filter(([template]) => template.startsWith(`${ecommercePrefix}/`))
  .flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const pathNames = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, '([^/]+)')}$`);
      return { method: method.toUpperCase(), template, pattern, pathNames, operation };
    }),
  )
  // A fixed segment wins over a parameter (`…/products/digital` before `…/products/{product_id}`).
  .sort((a, b) => b.template.replace(/\{\w+\}/g, '').length - a.template.replace(/\{\w+\}/g, '').length);

export interface MatchedOperation {
  operationId: string;
  template: string;
  pathParams: Record<string, string>;
}

/** The documented operation a method and path name, or null when the API has none. */
export function matchOperation(method: string, pathname: string): MatchedOperation | null {
  for (const route of routes) {
    if (route.method !== method) continue;
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    const pathParams = Object.fromEntries(route.pathNames.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
    return { operationId: route.operation.operationId, template: route.template, pathParams };
  }
  return null;
}

const byOperationId = new Map(routes.map((route) => [route.operation.operationId, route]));
const compiled = new Map<string, ValidateFunction>();

function validator(key: string, schema: () => Schema): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema());
    compiled.set(key, validate);
  }
  return validate;
}

const problemsOf = (validate: ValidateFunction, where: string) =>
  (validate.errors ?? []).map((error) => `${where}${error.instancePath} ${error.message}${error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : ''}`);

function routeOf(operationId: string): Route {
  const route = byOperationId.get(operationId);
  if (!route) throw new Error(`openapi.json has no Ecommerce operation ${operationId}`);
  return route;
}

/** A query value as the document types it: integers from their digits, arrays from every value given. */
function queryValue(parameter: Parameter, query: URLSearchParams): unknown {
  const values = query.getAll(parameter.name);
  const cast = (value: string, type: unknown) => (type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value);
  if (parameter.schema.type === 'array') return values.map((value) => cast(value, (parameter.schema.items as Schema).type));
  return cast(values.at(-1)!, parameter.schema.type);
}

export interface RequestToCheck {
  method: string;
  pathname: string;
  query: URLSearchParams;
  authorization: string | null;
  /** The parsed JSON body, or undefined when the request had none. */
  body: unknown;
}

/** What in a request the document does not allow; empty when it conforms. */
export function requestProblems(request: RequestToCheck): string[] {
  const matched = matchOperation(request.method, request.pathname);
  if (!matched) return [`${request.method} ${request.pathname} is no operation of the Ecommerce API`];
  const route = routeOf(matched.operationId);
  const problems: string[] = [];
  if (!/^Bearer \S+$/.test(request.authorization ?? '')) problems.push('no Bearer token in Authorization');
  const parameters = (route.operation.parameters ?? []).map(parameterOf);
  for (const name of new Set(request.query.keys())) {
    if (!parameters.some((parameter) => parameter.in === 'query' && parameter.name === name)) problems.push(`query parameter ${name} is not documented`);
  }
  for (const parameter of parameters) {
    const present = parameter.in === 'path' ? true : parameter.in === 'query' ? request.query.has(parameter.name) : false;
    if (!present) {
      if (parameter.required && parameter.in !== 'header') problems.push(`${parameter.in} parameter ${parameter.name} is required`);
      continue;
    }
    const value = parameter.in === 'path' ? matched.pathParams[parameter.name] : queryValue(parameter, request.query);
    const validate = validator(`${matched.operationId} ${parameter.in} ${parameter.name}`, () => resolve(parameter.schema, 'request'));
    if (!validate(value)) problems.push(...problemsOf(validate, `${parameter.in} parameter ${parameter.name}`));
  }
  const body = route.operation.requestBody;
  if (!body) {
    if (request.body !== undefined) problems.push(`${matched.operationId} takes no body`);
  } else if (request.body === undefined) {
    if (body.required) problems.push(`${matched.operationId} requires a JSON body`);
  } else {
    const validate = validator(`${matched.operationId} body`, () => resolve(body.content['application/json'].schema, 'request'));
    if (!validate(request.body)) problems.push(...problemsOf(validate, 'body'));
  }
  return problems;
}

/** The schema of an answer the operation may give (answerProblems checks that it may). */
function answerSchema(route: Route, status: string): Schema {
  const documented = route.operation.responses[status];
  if (!documented) return resolve(undocumentedErrors[status]!, 'answer');
  const response = documented.$ref ? document.components.responses[refName(documented.$ref)]! : documented;
  const schema = resolve(response.content!['application/json'].schema, 'answer');
  return status.startsWith('2') ? withOrderStatuses(schema) : schema;
}

/** The statuses of the orders list's filters, as enums on every order the answer holds. */
function withOrderStatuses(schema: Schema): Schema {
  const filters = (routeOf('ecommerce_listOrdersV1').operation.parameters ?? []).map(parameterOf);
  const enumOf = (name: string) => (filters.find((filter) => filter.name === name)?.schema.items as Schema | undefined)?.enum;
  const visit = (node: Schema): Schema => {
    const out: Schema = { ...node };
    if (out.items) out.items = visit(out.items as Schema);
    if (out.properties) {
      const properties = out.properties as Record<string, Schema>;
      const isOrder = 'payment_status' in properties && 'display_id' in properties;
      out.properties = Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [name, isOrder && orderStatusFields.includes(name) ? { ...property, enum: enumOf(name) } : visit(property)]),
      );
    }
    return out;
  };
  return visit(schema);
}

/** What in an answer to an operation the document does not allow; empty when it conforms. */
export function answerProblems(operationId: string, status: number, body: unknown): string[] {
  const route = routeOf(operationId);
  if (!route.operation.responses[status] && !undocumentedErrors[status]) return [`${operationId} documents no ${status} answer`];
  // Resolved and compiled once per operation and status, not per answer.
  const validate = validator(`${operationId} ${status}`, () => answerSchema(route, String(status)));
  return validate(body) ? [] : problemsOf(validate, `${status} answer`);
}
