// Stripe's list answers: `{ object: "list", data, has_more, url }`, pages of `limit` (1 to 100,
// 10 by default) taken after `starting_after` or before `ending_before`, each an id of the list.
import type Stripe from 'stripe';
import { apiErrors, paramErrors } from './errors.ts';
import type { Params } from './params.ts';

/** One page of `items` (already in the list's order: newest first, or a session's line order). */
export function listPage<T extends { id: string }>(items: T[], params: Params, url: string, objectName: string): Stripe.ApiList<T> {
  const limit = params.integer('limit') ?? 10;
  if (limit < 1) throw paramErrors.invalid('limit', 'This value must be greater than or equal to 1.');
  if (limit > 100) throw paramErrors.invalid('limit', `This value must be less than or equal to 100 (it currently is '${limit}').`);
  const startingAfter = params.string('starting_after');
  const endingBefore = params.string('ending_before');
  if (startingAfter !== undefined && endingBefore !== undefined) {
    throw paramErrors.invalid('ending_before', 'You may only specify one of these parameters: ending_before, starting_after.');
  }
  const indexOf = (id: string, param: string) => {
    const index = items.findIndex((item) => item.id === id);
    if (index < 0) throw apiErrors.resourceMissing(objectName, id, param);
    return index;
  };
  if (endingBefore !== undefined) {
    const end = indexOf(endingBefore, 'ending_before');
    const start = Math.max(0, end - limit);
    return { object: 'list', data: items.slice(start, end), has_more: start > 0, url };
  }
  const start = startingAfter === undefined ? 0 : indexOf(startingAfter, 'starting_after') + 1;
  return { object: 'list', data: items.slice(start, start + limit), has_more: items.length > start + limit, url };
}
