// Request headers that shape the answer: Prefer (a comma-joined list, as supabase-js sends it),
// Accept (array, single object, stripped nulls, CSV), Range, and the Accept-/Content-Profile check.
import type { IncomingHttpHeaders } from 'node:http';
import type { Range } from './ast.ts';
import { errors } from './errors.ts';

export interface Preferences {
  return?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  maxAffected?: number;
  /** Only when db-tx-end allows the override; otherwise ignored, as PostgREST ignores it. */
  tx?: 'commit' | 'rollback';
}

const choices: Record<string, readonly string[]> = {
  return: ['representation', 'minimal', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
  tx: ['commit', 'rollback'],
};

function headerValues(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value.join(',') : value).split(',').map((v) => v.trim()).filter(Boolean);
}

export function parsePreferences(headers: IncomingHttpHeaders, txOverride: boolean): Preferences {
  const chosen = new Map<string, string>();
  const invalid: string[] = [];
  let maxAffected: number | undefined;
  for (const item of headerValues(headers.prefer)) {
    const eq = item.indexOf('=');
    const [name, value] = eq < 0 ? [item, ''] : [item.slice(0, eq), item.slice(eq + 1)];
    if (name === 'max-affected' && /^\d{1,15}$/.test(value)) maxAffected ??= Number(value);
    else if (name === 'timezone' || name === 'params') continue;
    else if (!Object.hasOwn(choices, name) || !choices[name]!.includes(value)) invalid.push(item);
    else if (!chosen.has(name)) chosen.set(name, value);
  }
  if (chosen.get('handling') === 'strict' && invalid.length) throw errors.invalidPreferences(invalid);
  return {
    return: chosen.get('return') as Preferences['return'],
    count: chosen.get('count') as Preferences['count'],
    resolution: chosen.get('resolution') as Preferences['resolution'],
    missing: chosen.get('missing') as Preferences['missing'],
    handling: chosen.get('handling') as Preferences['handling'],
    maxAffected,
    ...(txOverride && chosen.has('tx') && { tx: chosen.get('tx') as Preferences['tx'] }),
  };
}

export type MediaType = 'json' | 'object' | 'csv';

export interface Accepted {
  media: MediaType;
  stripNulls: boolean;
}

/** The first acceptable type of the Accept header, or PGRST107. */
export function negotiateAccept(header: string | undefined): Accepted {
  if (!header || !header.trim()) return { media: 'json', stripNulls: false };
  const offered = header.split(',').map((part) => part.trim()).filter(Boolean);
  for (const entry of offered) {
    const [type = '', ...params] = entry.split(';').map((s) => s.trim().toLowerCase());
    const stripNulls = params.includes('nulls=stripped');
    if (type === 'application/json' || type === 'application/*' || type === '*/*') return { media: 'json', stripNulls: false };
    if (type === 'application/vnd.pgrst.array+json') return { media: 'json', stripNulls };
    if (type === 'application/vnd.pgrst.object+json') return { media: 'object', stripNulls };
    if (type === 'text/csv') return { media: 'csv', stripNulls: false };
  }
  throw errors.mediaType(offered);
}

/** `Range: 0-19` (GET only, as PostgREST) as offset/limit; malformed headers are ignored. */
export function parseRangeHeader(header: string | undefined): Range | 'invalid' | undefined {
  const match = header && /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(header.trim());
  if (!match) return undefined;
  const offset = Number(match[1]);
  if (match[2] === '') return { offset };
  const last = Number(match[2]);
  if (last < offset) return 'invalid';
  return { offset, limit: last - offset + 1 };
}

/**
 * The schema a request is for, as PostgREST's getSchema chooses it: Accept-Profile (GET, HEAD) or
 * Content-Profile (writes and RPC POST) naming one of the exposed schemas, else the first; PGRST106
 * for any other. `negotiated`: the answer says Content-Profile (a profile was asked for, or several
 * schemas are exposed).
 */
export function chooseSchema(method: string, headers: IncomingHttpHeaders, schemas: string[]): { schema: string; negotiated: boolean } {
  const reads = method !== 'POST' && method !== 'PATCH' && method !== 'PUT' && method !== 'DELETE';
  const value = reads ? headers['accept-profile'] : headers['content-profile'];
  const profile = Array.isArray(value) ? value[0] : value;
  if (profile === undefined) return { schema: schemas[0]!, negotiated: schemas.length !== 1 };
  if (!schemas.includes(profile)) throw errors.unacceptableSchema(profile, schemas);
  return { schema: profile, negotiated: true };
}
