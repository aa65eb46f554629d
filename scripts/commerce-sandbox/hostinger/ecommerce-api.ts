// The part of Hostinger's Ecommerce API (https://developers.hostinger.com/api/ecommerce/v1) that a
// shop's server needs: its stores, its orders listed and filtered page by page, one order in full,
// and cancel; its products and their variants, drafts included (`npm run catalogue:import`). Each
// request is held to openapi.json before it is served, and each answer before it leaves
// (openapi.ts): one that does not conform is a defect of the caller (422) or of the double (500),
// and the console says which rule it broke.
import { randomUUID } from 'node:crypto';
import type { SandboxState } from '../state.ts';
import { answerProblems, ecommercePrefix, matchOperation, requestProblems } from './openapi.ts';
import { type OrderDetail, summaryOf } from './orders.ts';
import { listedProducts, productVariants } from './products.ts';

export interface EcommerceRequest {
  method: string;
  pathname: string;
  query: URLSearchParams;
  authorization: string | null;
  /** The body as sent; empty when the request had none. */
  bodyText: string;
}

export interface EcommerceAnswer {
  status: number;
  body: unknown;
}

export interface EcommerceApiOptions {
  storeId: string;
  storeName: string;
  /** The one token the double accepts, as an hPanel token would be the owner's. */
  apiToken: string;
  createdAt: string;
  /** Where the store's images are served (the products' media). */
  baseUrl: string;
}

// "By default, the API returns 50 items per page" (the document's overview); the orders list
// takes no page size.
const perPage = 50;

const failure = (status: number, message: string, extra: Record<string, unknown> = {}): EcommerceAnswer => ({ status, body: { message, ...extra, correlation_id: randomUUID() } });
/** A validation error: the message, and the same messages by field. */
const invalid = (field: string, messages: string[]) => failure(422, messages[0]!, { errors: { [field]: messages } });

/** `created_at_from` and `created_at_to` take a date or an ISO date-time; a bare `to` date covers its whole day. */
function timeBound(value: string | null, end: boolean): number | null {
  if (value === null) return null;
  if (/^\d{4}-\d\d-\d\d$/.test(value)) return Date.parse(`${value}T00:00:00Z`) + (end ? 24 * 60 * 60 * 1000 - 1 : 0);
  return Date.parse(value);
}

function listOrders(state: SandboxState, query: URLSearchParams): EcommerceAnswer {
  const oneOf = (name: string, value: string) => {
    const wanted = query.getAll(name);
    return wanted.length === 0 || wanted.includes(value);
  };
  const from = timeBound(query.get('created_at_from'), false);
  const to = timeBound(query.get('created_at_to'), true);
  if (Number.isNaN(from)) return invalid('created_at_from', ['The created at from field must be a valid date.']);
  if (Number.isNaN(to)) return invalid('created_at_to', ['The created at to field must be a valid date.']);
  const email = query.get('email');
  const displayId = query.get('display_id');
  const text = query.get('q')?.toLowerCase();
  const matches = (order: OrderDetail) => {
    const created = Date.parse(order.created_at);
    return (
      oneOf('status', order.status) &&
      oneOf('payment_status', order.payment_status) &&
      oneOf('fulfillment_status', order.fulfillment_status) &&
      (email === null || order.customer_email === email) &&
      (displayId === null || String(order.display_id) === displayId) &&
      (from === null || created >= from) &&
      (to === null || created <= to) &&
      (!text || [order.customer_email ?? '', String(order.display_id), ...order.items.map((item) => item.title)].some((field) => field.toLowerCase().includes(text)))
    );
  };
  return paged(state.orders().filter(matches).map(summaryOf), query);
}

/** One page of `items`, as every list of the API answers it. */
function paged<T>(items: T[], query: URLSearchParams): EcommerceAnswer {
  const page = Number(query.get('page') ?? 1);
  if (page < 1) return invalid('page', ['The page field must be at least 1.']);
  return { status: 200, body: { data: items.slice((page - 1) * perPage, page * perPage), meta: { current_page: page, per_page: perPage, total: items.length } } };
}

function serve(request: EcommerceRequest, state: SandboxState, options: EcommerceApiOptions, operationId: string, params: Record<string, string>): EcommerceAnswer {
  if (operationId === 'ecommerce_getStoresV1') {
    const store = { id: options.storeId, name: options.storeName, created_at: options.createdAt, updated_at: options.createdAt, version: 'v2_standalone', company_name: options.storeName };
    return { status: 200, body: { data: [store], meta: { current_page: 1, per_page: perPage, total: 1 } } };
  }
  if (params.store_id !== options.storeId) return failure(404, 'Store not found.');
  if (operationId === 'ecommerce_listOrdersV1') return listOrders(state, request.query);
  if (operationId === 'ecommerce_listProductsV1') {
    const query = request.query;
    const productIds = query.getAll('product_ids');
    if (productIds.length > 200) return invalid('product_ids', ['The product ids field must not have more than 200 items.']);
    return paged(listedProducts(options.baseUrl, state, { productIds, statuses: query.getAll('status'), text: query.get('q') ?? undefined, include: query.getAll('include') }), query);
  }
  if (operationId === 'ecommerce_listProductVariantsV1') {
    const variants = productVariants(options.baseUrl, state, params.product_id!);
    return variants ? paged(variants, request.query) : failure(404, 'Product not found.');
  }
  const order = params.order_id === undefined ? undefined : state.order(params.order_id);
  if (operationId === 'ecommerce_retrieveAnOrderV1') return order ? { status: 200, body: { data: order } } : failure(404, 'Order not found.');
  if (operationId === 'ecommerce_cancelAnOrderV1') {
    if (!order) return failure(404, 'Order not found.');
    const canceled = state.cancelOrder(order);
    return canceled.ok ? { status: 200, body: { data: summaryOf(order) } } : invalid('order_id', [canceled.message]);
  }
  return failure(404, `${operationId} is not served by the offline double.`);
}

/** Answers one request under the Ecommerce API's prefix, both sides held to openapi.json. */
export function ecommerceApi(request: EcommerceRequest, state: SandboxState, options: EcommerceApiOptions): EcommerceAnswer {
  const matched = matchOperation(request.method, request.pathname);
  if (!matched) return failure(404, `No route ${request.method} ${request.pathname.slice(ecommercePrefix.length)}.`);
  if (request.authorization !== `Bearer ${options.apiToken}`) return check(matched.operationId, failure(401, 'Unauthenticated'));
  let body: unknown;
  try {
    body = request.bodyText === '' ? undefined : JSON.parse(request.bodyText);
  } catch {
    return check(matched.operationId, invalid('body', ['The body is not valid JSON.']));
  }
  const problems = requestProblems({ ...request, body });
  if (problems.length > 0) {
    console.error(`[commerce-sandbox] ${request.method} ${request.pathname} does not conform to openapi.json: ${problems.join('; ')}`);
    return check(matched.operationId, invalid('request', problems));
  }
  return check(matched.operationId, serve(request, state, options, matched.operationId, matched.pathParams));
}

function check(operationId: string, answer: EcommerceAnswer): EcommerceAnswer {
  const problems = answerProblems(operationId, answer.status, answer.body);
  if (problems.length > 0) throw new Error(`the double's ${answer.status} answer to ${operationId} does not conform to openapi.json: ${problems.join('; ')}`);
  return answer;
}
