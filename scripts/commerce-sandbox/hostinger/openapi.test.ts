// The checks the double runs on every Ecommerce API request and answer: they hold to the document
// kept beside them (untouched since it was taken), and they fail on each kind of drift.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answerProblems, document, matchOperation, requestProblems } from './openapi.ts';

const source = JSON.parse(readFileSync(new URL('./openapi.source.json', import.meta.url), 'utf8')) as { version: string; sha256: string };
const orders = '/api/ecommerce/v1/stores/store_a/orders';
const request = (query: string, extra: Partial<Parameters<typeof requestProblems>[0]> = {}) =>
  requestProblems({ method: 'GET', pathname: orders, query: new URLSearchParams(query), authorization: 'Bearer t', body: undefined, ...extra });

const summary = { id: 'order_1', display_id: 1001, status: 'pending', payment_status: 'captured', fulfillment_status: 'not_fulfilled', total: 2900, currency_code: 'eur', customer_email: 'a@b.test', item_count: 1, created_at: '2026-11-29T10:00:00.000000Z' };
const page = (data: unknown[]) => ({ data, meta: { current_page: 1, per_page: 50, total: data.length } });

describe('the document', () => {
  it('is the one its source names, unchanged', () => {
    const bytes = readFileSync(new URL('./openapi.json', import.meta.url));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(source.sha256);
    expect(document.info.version).toBe(source.version);
  });

  it('names the operations the double serves, a fixed segment before a parameter', () => {
    expect(matchOperation('GET', orders)?.operationId).toBe('ecommerce_listOrdersV1');
    expect(matchOperation('GET', `${orders}/order_1`)).toMatchObject({ operationId: 'ecommerce_retrieveAnOrderV1', pathParams: { store_id: 'store_a', order_id: 'order_1' } });
    expect(matchOperation('POST', `${orders}/order_1/cancel`)?.operationId).toBe('ecommerce_cancelAnOrderV1');
    expect(matchOperation('GET', '/api/ecommerce/v1/stores')?.operationId).toBe('ecommerce_getStoresV1');
    expect(matchOperation('POST', '/api/ecommerce/v1/stores/store_a/products/digital')?.operationId).toBe('ecommerce_createDigitalProductV1');
    expect(matchOperation('POST', `${orders}/order_1/refunds`)).toBeNull();
    expect(matchOperation('DELETE', `${orders}/order_1`)).toBeNull();
  });
});

describe('a request', () => {
  it('conforms with documented filters, repeated for an array, and a Bearer token', () => {
    expect(request('payment_status=captured&payment_status=refunded&email=a%40b.test&created_at_from=2026-11-01&page=2')).toEqual([]);
  });

  it.each([
    ['an undocumented parameter', 'per_page=100', /per_page is not documented/],
    ['a PHP-style array name', 'payment_status[]=captured', /payment_status\[\] is not documented/],
    ['a status the enum lacks', 'payment_status=paid', /payment_status\/0 must be equal to one of the allowed values/],
    ['a page that is not a number', 'page=two', /page must be integer/],
  ])('does not with %s', (_, query, problem) => {
    expect(request(query).join('\n')).toMatch(problem);
  });

  it('needs a Bearer token', () => {
    expect(request('', { authorization: null })).toEqual(['no Bearer token in Authorization']);
    expect(request('', { authorization: 'Token t' })).toEqual(['no Bearer token in Authorization']);
  });

  it('holds a body to its schema, and refuses one where none is documented', () => {
    const cancel = (body: unknown) => requestProblems({ method: 'POST', pathname: `${orders}/order_1/cancel`, query: new URLSearchParams(), authorization: 'Bearer t', body });
    expect(cancel({ notify_customer: false })).toEqual([]);
    expect(cancel(undefined)).toEqual(['ecommerce_cancelAnOrderV1 requires a JSON body']);
    expect(cancel({ notify_customer: 'no' }).join()).toMatch(/notify_customer must be boolean/);
    expect(cancel({ notify_customer: false, reason: 'x' }).join()).toMatch(/must NOT have additional properties \(reason\)/);
    expect(request('', { body: {} })).toEqual(['ecommerce_listOrdersV1 takes no body']);
  });

  it('to a route the API does not have is named as such', () => {
    expect(requestProblems({ method: 'GET', pathname: '/api/ecommerce/v1/stores/store_a/refunds', query: new URLSearchParams(), authorization: 'Bearer t', body: undefined })).toEqual([
      'GET /api/ecommerce/v1/stores/store_a/refunds is no operation of the Ecommerce API',
    ]);
  });
});

describe('an answer', () => {
  it('conforms with every documented property and nothing else', () => {
    expect(answerProblems('ecommerce_listOrdersV1', 200, page([summary]))).toEqual([]);
  });

  it.each([
    ['a property missing', { ...summary, customer_email: undefined }, /must have required property 'customer_email'/],
    ['a property the document lacks', { ...summary, session_id: 'cs_1' }, /must NOT have additional properties \(session_id\)/],
    ['a payment status the filters do not know', { ...summary, payment_status: 'paid' }, /payment_status must be equal to one of the allowed values/],
    ['an amount that is not an integer', { ...summary, total: 29.9 }, /total must be integer/],
    ['a date that is not ISO', { ...summary, created_at: '29/11/2026' }, /created_at must match format "date-time"/],
  ])('does not with %s', (_, order, problem) => {
    expect(answerProblems('ecommerce_listOrdersV1', 200, page([order])).join('\n')).toMatch(problem);
  });

  it('takes null where the document allows it, and only there', () => {
    expect(answerProblems('ecommerce_listOrdersV1', 200, page([{ ...summary, customer_email: null }]))).toEqual([]);
    expect(answerProblems('ecommerce_listOrdersV1', 200, page([{ ...summary, total: null }])).join()).toMatch(/total must be integer/);
  });

  it('holds the order detail to its schema, down to the items', () => {
    const item = { id: 'item_1', title: 'Éveil du cœur / PDF', sku: null, variant_id: 'var_a', quantity: 1, fulfilled_quantity: 0, returned_quantity: 0, unit_price: 2900, total: 2900 };
    const detail = { ...summary, merchant_note: null, subtotal: 2900, discount_total: 0, tax_total: 0, shipping_total: 0, paid_total: 2900, refunded_total: 0, shipping_address: null, billing_address: null, items: [item], fulfillments: [] };
    expect(answerProblems('ecommerce_retrieveAnOrderV1', 200, { data: detail })).toEqual([]);
    expect(answerProblems('ecommerce_retrieveAnOrderV1', 200, { data: { ...detail, items: [{ ...item, returned_quantity: undefined }] } }).join()).toMatch(/items\/0 must have required property 'returned_quantity'/);
  });

  it('takes the errors the document and its overview give, and no other status', () => {
    expect(answerProblems('ecommerce_listOrdersV1', 401, { message: 'Unauthenticated', correlation_id: 'c' })).toEqual([]);
    expect(answerProblems('ecommerce_listOrdersV1', 404, { message: 'Order not found.', correlation_id: 'c' })).toEqual([]);
    expect(answerProblems('ecommerce_listOrdersV1', 429, { message: 'Too Many Attempts.', correlation_id: 'c' })).toEqual([]);
    expect(answerProblems('ecommerce_cancelAnOrderV1', 422, { message: 'm', errors: { order_id: ['m'] }, correlation_id: 'c' })).toEqual([]);
    expect(answerProblems('ecommerce_cancelAnOrderV1', 422, { message: 'm', errors: { order_id: 'm' }, correlation_id: 'c' }).join()).toMatch(/must be array/);
    expect(answerProblems('ecommerce_listOrdersV1', 403, { message: 'Forbidden', correlation_id: 'c' })).toEqual(['ecommerce_listOrdersV1 documents no 403 answer']);
    expect(answerProblems('ecommerce_listOrdersV1', 401, { error: 'Unauthenticated' }).join()).toMatch(/must have required property 'message'/);
  });
});
