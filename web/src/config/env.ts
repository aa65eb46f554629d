// The app's only door to build-time configuration: every variable is checked once, at start-up,
// so a missing value fails loudly instead of surfacing later as a confusing network error.
// Plain checks rather than a schema library: this module is on every page's start-up path, and
// zod/mini alone weighed 16 KB there (minified) for five fields.

export interface Env {
  VITE_SUPABASE_URL: string;
  VITE_SUPABASE_PUBLISHABLE_KEY: string;
  /** Where the catalogue is read: the commerce service's storefront (unset) or the shop's own tables. */
  VITE_CATALOGUE_SOURCE: 'hostinger' | 'shop';
  /** The commerce service's storefront; optional with the shop's own catalogue ('' when unset). */
  VITE_COMMERCE_API_URL: string;
  VITE_COMMERCE_STORE_ID: string;
  VITE_ADMIN_EMAIL: string;
}

const isUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};
const isText = (value: string) => value.length > 0;
const isEmail = (value: string) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value);

type Checked = Exclude<keyof Env, 'VITE_CATALOGUE_SOURCE'>;

const rules: Record<Checked, (value: string) => boolean> = {
  VITE_SUPABASE_URL: isUrl,
  VITE_SUPABASE_PUBLISHABLE_KEY: isText,
  VITE_COMMERCE_API_URL: isUrl,
  VITE_COMMERCE_STORE_ID: isText,
  VITE_ADMIN_EMAIL: isEmail,
};

/** The commerce service's variables are needed only to read its catalogue. */
const commerceOnly = new Set<string>(['VITE_COMMERCE_API_URL', 'VITE_COMMERCE_STORE_ID']);

export function parseEnv(source: Record<string, unknown>): Env {
  const catalogue = source.VITE_CATALOGUE_SOURCE || 'hostinger';
  const shop = catalogue === 'shop';
  const invalid = (Object.keys(rules) as Checked[]).filter((name) => {
    const value = source[name];
    if (shop && commerceOnly.has(name) && !value) return false;
    return typeof value !== 'string' || !rules[name](value);
  });
  if (!shop && catalogue !== 'hostinger') invalid.push('VITE_CATALOGUE_SOURCE' as Checked);
  if (invalid.length > 0) {
    throw new Error(`Invalid env provided. The following variables are missing or invalid: ${invalid.join(', ')}`);
  }
  return {
    ...(Object.fromEntries(Object.keys(rules).map((name) => [name, source[name] || ''])) as Record<Checked, string>),
    VITE_CATALOGUE_SOURCE: catalogue,
  } as Env;
}

export const env = parseEnv(import.meta.env);
