// Response shaping: Content-Range and the 200/206/416 choice (PostgREST's RangeQuery), the
// single-object check, and writing bodies and errors.
import type { ServerResponse } from 'node:http';
import { errors, type RestError } from './errors.ts';

export interface Outcome {
  status: number;
  headers: Record<string, string>;
  /** JSON text; absent for 204s and minimal writes. */
  body?: string;
}

/** `first-last/total`, `*` for first-last when nothing is returned, total `*` when not counted. */
export function contentRange(lower: number, pageTotal: number, total: number | undefined): string {
  const upper = lower + pageTotal - 1;
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}

export function rangeStatus(lower: number, pageTotal: number, total: number | undefined): number {
  if (total === undefined) return 200;
  if (lower > total) return 416;
  return pageTotal < total ? 206 : 200;
}

export function rangeError(lower: number, total: number): RestError {
  return errors.rangeNotSatisfiable(`An offset of ${lower} was requested, but there are only ${total} rows.`);
}

/** A JSON array (as json_agg writes it) holding exactly one element → that element. */
export function singleElement(arrayText: string): string {
  return arrayText.slice(1, -1).trim();
}

export function send(res: ServerResponse, outcome: Outcome, head: boolean): void {
  const headers: Record<string, string | number> = { ...outcome.headers };
  if (outcome.body !== undefined) {
    headers['Content-Type'] ??= 'application/json; charset=utf-8';
    headers['Content-Length'] = Buffer.byteLength(outcome.body);
  }
  res.writeHead(outcome.status, headers);
  res.end(head || outcome.body === undefined ? undefined : outcome.body);
}

export function sendError(res: ServerResponse, error: RestError, head: boolean): void {
  send(res, { status: error.status, headers: { ...error.headers }, body: JSON.stringify(error.body()) }, head);
}
