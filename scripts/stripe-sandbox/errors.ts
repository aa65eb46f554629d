// Stripe's error answers: `{ error: { type, code?, message, param?, doc_url? } }` under Stripe's
// HTTP statuses, worded as Stripe words them, so that the SDK raises the same error classes
// (StripeInvalidRequestError, StripeAuthenticationError, StripeIdempotencyError, …) with the same
// `code` and `param` a caller would branch on. A refusal the double adds where Stripe would go on
// (a parameter it does not play) keeps this shape and says so in its message.
import type { ApiVersion } from './api-version.ts';

export type StripeErrorType = 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

export interface StripeErrorBody {
  error: { type: StripeErrorType; message: string; code?: string; param?: string; doc_url?: string };
}

interface ErrorDetails {
  code?: string;
  param?: string;
  /**
   * Refused while reading the request, before anything ran: Stripe keeps no idempotent answer
   * for such a request, so a retry with the same key runs afresh.
   */
  beforeExecution?: boolean;
}

export class StripeApiError extends Error {
  readonly code: string | undefined;
  readonly param: string | undefined;
  readonly beforeExecution: boolean;

  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    details: ErrorDetails = {},
  ) {
    super(message);
    this.code = details.code;
    this.param = details.param;
    this.beforeExecution = details.beforeExecution ?? false;
  }

  get body(): StripeErrorBody {
    const { code, param } = this;
    // Stripe links each coded error to its page of the error-code reference.
    const docUrl = code === undefined ? {} : { doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}` };
    return { error: { ...(code === undefined ? {} : { code }), ...docUrl, message: this.message, ...(param === undefined ? {} : { param }), type: this.type } };
  }
}

const invalidParam = (message: string, details: ErrorDetails) => new StripeApiError(400, 'invalid_request_error', message, { beforeExecution: true, ...details });

/** `a, b, or c`, as Stripe lists the values an enum takes. */
const oneOf = (values: readonly string[]) => (values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')}, or ${values.at(-1)}`);

export const paramErrors = {
  unknown: (param: string) => invalidParam(`Received unknown parameter: ${param}`, { code: 'parameter_unknown', param }),
  missing: (param: string) => invalidParam(`Missing required param: ${param}.`, { code: 'parameter_missing', param }),
  empty: (param: string) =>
    invalidParam(
      `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
      { code: 'parameter_invalid_empty', param },
    ),
  integer: (param: string, value: string) => invalidParam(`Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param }),
  string: (param: string) => invalidParam(`Invalid string: ${param} must be a string`, { param }),
  array: (param: string) => invalidParam('Invalid array', { param }),
  hash: (param: string) => invalidParam('Invalid hash', { param }),
  enumValue: (param: string, values: readonly string[]) => invalidParam(`Invalid ${param}: must be one of ${oneOf(values)}`, { param }),
  /** A value out of the range Stripe accepts, in Stripe's wording for it. */
  invalid: (param: string, message: string, code?: string) => invalidParam(message, { param, code }),
  /** A parameter Stripe has that the double does not play: refused rather than silently ignored. */
  notPlayed: (param: string, what: string) => invalidParam(`Received unknown parameter: ${param}. The Stripe sandbox does not play ${what}.`, { code: 'parameter_unknown', param }),
};

export const apiErrors = {
  resourceMissing: (object: string, id: string, param: string) => new StripeApiError(404, 'invalid_request_error', `No such ${object}: '${id}'`, { code: 'resource_missing', param }),
  unrecognizedUrl: (method: string, path: string) =>
    new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`),
  noApiKey: () =>
    new StripeApiError(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    ),
  /** Stripe shows the key's prefix and last four characters, the rest as asterisks. */
  invalidApiKey: (key: string) => {
    const prefix = /^(sk|rk|pk)_(test|live)_/.exec(key)?.[0] ?? '';
    const shown = key.length > prefix.length + 4 ? `${prefix}${'*'.repeat(key.length - prefix.length - 4)}${key.slice(-4)}` : '*'.repeat(key.length);
    return new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${shown}`);
  },
  otherApiVersion: (asked: string, served: ApiVersion) =>
    new StripeApiError(400, 'invalid_request_error', `The Stripe sandbox answers in API version ${served} only; this request asked for ${asked}.`, { beforeExecution: true }),
  idempotencyParams: (key: string) =>
    new StripeApiError(
      400,
      'idempotency_error',
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    ),
  idempotencyEndpoint: (key: string, first: string, now: string) =>
    new StripeApiError(
      400,
      'idempotency_error',
      `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${now}' vs '${first}'). Try using a key other than '${key}' if you meant to execute a different request.`,
    ),
  /** A request the double cannot carry out in the state the objects are in (expiring a closed session, …). */
  state: (message: string, details: { code?: string; param?: string } = {}) => new StripeApiError(400, 'invalid_request_error', message, details),
};
