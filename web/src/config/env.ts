// The app's only door to build-time configuration: every variable is checked once, at start-up,
// so a missing value fails loudly instead of surfacing later as a confusing network error.
// Plain checks rather than a schema library: this module is on every page's start-up path, and
// zod/mini alone weighed 16 KB there (minified) for five fields.

export interface Env {
  VITE_SUPABASE_URL: string;
  VITE_SUPABASE_PUBLISHABLE_KEY: string;
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

const rules: Record<keyof Env, (value: string) => boolean> = {
  VITE_SUPABASE_URL: isUrl,
  VITE_SUPABASE_PUBLISHABLE_KEY: isText,
  VITE_COMMERCE_API_URL: isUrl,
  VITE_COMMERCE_STORE_ID: isText,
  VITE_ADMIN_EMAIL: isEmail,
};

export function parseEnv(source: Record<string, unknown>): Env {
  const invalid = (Object.keys(rules) as Array<keyof Env>).filter((name) => {
    const value = source[name];
    return typeof value !== 'string' || !rules[name](value);
  });
  if (invalid.length > 0) {
    throw new Error(`Invalid env provided. The following variables are missing or invalid: ${invalid.join(', ')}`);
  }
  return Object.fromEntries(Object.keys(rules).map((name) => [name, source[name]])) as unknown as Env;
}

export const env = parseEnv(import.meta.env);
