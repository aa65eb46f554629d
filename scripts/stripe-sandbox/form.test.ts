// Stripe's form encoding as the double reads it (form.ts, params.ts): nested brackets, arrays by
// index or by `[]`, and the refusals Stripe makes of what it cannot read or does not know.
import { describe, expect, it } from 'vitest';
import { StripeApiError } from './errors.ts';
import { formOfJson, parseForm } from './form.ts';
import { Params } from './params.ts';

const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    if (error instanceof StripeApiError) return error.body.error;
    throw error;
  }
  throw new Error('nothing was refused');
};

describe('parseForm', () => {
  it('nests brackets, and makes arrays of indices and of []', () => {
    const form = parseForm(
      'mode=payment&line_items[0][price_data][currency]=eur&line_items[0][quantity]=2&line_items[1][quantity]=1&expand[]=line_items&expand[]=payment_intent&metadata[order]=42&created%5Bgte%5D=5',
    );
    expect(form).toEqual({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'eur' }, quantity: '2' }, { quantity: '1' }],
      expand: ['line_items', 'payment_intent'],
      metadata: { order: '42' },
      created: { gte: '5' },
    });
  });

  it('orders indices by number, as the SDK writes them', () => {
    const names = Array.from({ length: 12 }, (_, i) => `types[${i}]=t${i}`).reverse().join('&');
    expect(parseForm(names).types).toEqual(Array.from({ length: 12 }, (_, i) => `t${i}`));
  });

  it('refuses a name that is both a value and a hash', () => {
    expect(refusal(() => parseForm('metadata[order][id]=1&metadata[order]=2'))).toMatchObject({ message: 'Invalid hash', param: 'metadata[order]' });
    expect(refusal(() => parseForm('metadata=1&metadata[order]=2'))).toMatchObject({ message: 'Invalid hash', param: 'metadata' });
  });

  it('reads a control’s JSON as the same strings', () => {
    expect(formOfJson({ amount: 500, metadata: { a: 'b' }, list: [1, true] })).toEqual({ amount: '500', metadata: { a: 'b' }, list: ['1', 'true'] });
  });
});

describe('Params', () => {
  it('reads typed values and refuses the first one no endpoint read, named in full', () => {
    const params = new Params(parseForm('amount=500&line_items[0][price_data][color]=violet&line_items[0][quantity]=1'));
    expect(params.integer('amount')).toBe(500);
    const [first] = params.hashes('line_items')!;
    expect(first!.requiredInteger('quantity')).toBe(1);
    first!.hash('price_data');
    expect(refusal(() => params.refuseUnread())).toMatchObject({ code: 'parameter_unknown', param: 'line_items[0][price_data][color]', message: 'Received unknown parameter: line_items[0][price_data][color]' });
  });

  it('refuses values of the wrong type, as Stripe words it', () => {
    const params = new Params(parseForm('amount=beaucoup&description=&reason=because'));
    expect(refusal(() => params.integer('amount'))).toMatchObject({ code: 'parameter_invalid_integer', message: 'Invalid integer: beaucoup', param: 'amount' });
    expect(refusal(() => params.string('description'))).toMatchObject({ code: 'parameter_invalid_empty', param: 'description' });
    expect(refusal(() => params.enumValue('reason', ['duplicate', 'fraudulent', 'requested_by_customer']))).toMatchObject({
      message: 'Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer',
    });
    expect(refusal(() => params.requiredString('currency'))).toMatchObject({ code: 'parameter_missing', message: 'Missing required param: currency.' });
  });

  it('reads created filters exactly or as a range', () => {
    expect(new Params(parseForm('created=7')).range('created')).toEqual({ gte: 7, lte: 7 });
    expect(new Params(parseForm('created[gt]=1&created[lte]=9')).range('created')).toEqual({ gt: 1, gte: undefined, lt: undefined, lte: 9 });
  });
});
