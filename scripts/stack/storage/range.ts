// One `Range: bytes=…` of RFC 9110 over an object of `size` bytes: `a-b`, `a-`, `-n`. A header
// that is not one byte range is ignored (the whole object is served), as storage-api does.
import { errors } from './errors.ts';

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/** The range to serve, or undefined for the whole object; throws InvalidRange (416) when unsatisfiable. */
export function byteRange(header: string | undefined, size: number): ByteRange | undefined {
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) throw errors.invalidRange();
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || (last !== '' && Number(last) < start)) throw errors.invalidRange();
  return { start, end };
}
