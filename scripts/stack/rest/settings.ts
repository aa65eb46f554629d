// The settings PostgREST makes configurable, as the Supabase CLI hands them over from
// `[api]` of supabase/config.toml (`schemas` → db-schemas, `extra_search_path` →
// db-extra-search-path, `max_rows` → db-max-rows), and those the CLI leaves at PostgREST's defaults
// (db-aggregates-enabled = false, db-tx-end = commit), which a stack's options may change.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { supabaseDir } from '../../lib/paths.ts';

export type TxEnd = 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override';

export interface RestSettings {
  /** db-schemas: the exposed schemas, the first being the default profile. */
  schemas: string[];
  /** db-extra-search-path: appended to the search_path after the request's schema. */
  extraSearchPath: string[];
  /** db-max-rows: the most rows a read or a function's result answers at any level; undefined for no limit. */
  maxRows?: number;
  /** db-aggregates-enabled. */
  aggregatesEnabled: boolean;
  /** db-tx-end: how each request's transaction ends, and whether `Prefer: tx=` may change it. */
  txEnd: TxEnd;
}

/** PostgREST's own defaults, which the CLI's template changes only where config.toml says. */
export const postgrestDefaults: RestSettings = { schemas: ['public'], extraSearchPath: ['public'], aggregatesEnabled: false, txEnd: 'commit' };

const names = (value: unknown, key: string, file: string): string[] => {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && v)) throw new Error(`${file}: [api] ${key} must be a list of names`);
  return value as string[];
};

/** `[api]` of `configFile` over PostgREST's defaults, then `overrides` (a stack's options). */
export function readRestSettings(overrides: Partial<RestSettings> = {}, configFile = join(supabaseDir, 'config.toml')): RestSettings {
  const config = existsSync(configFile) ? parse(readFileSync(configFile, 'utf8')) : {};
  const api = (config.api ?? {}) as Record<string, unknown>;
  const settings = { ...postgrestDefaults };
  if (api.schemas !== undefined) settings.schemas = names(api.schemas, 'schemas', configFile);
  if (api.extra_search_path !== undefined) settings.extraSearchPath = names(api.extra_search_path, 'extra_search_path', configFile);
  if (api.max_rows !== undefined) {
    if (typeof api.max_rows !== 'number' || !Number.isInteger(api.max_rows) || api.max_rows < 0) throw new Error(`${configFile}: [api] max_rows must be a whole number ≥ 0`);
    settings.maxRows = api.max_rows;
  }
  return { ...settings, ...overrides };
}
