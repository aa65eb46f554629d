// The app's only door to build-time configuration: every variable is checked once, at start-up,
// so a missing value fails loudly instead of surfacing later as a confusing network error.
// zod/mini keeps this check out of the way of the home page's bundle budget.
import * as z from 'zod/mini';

const envSchema = z.object({
  VITE_SUPABASE_URL: z.url(),
  VITE_SUPABASE_ANON_KEY: z.string().check(z.minLength(1)),
  VITE_COMMERCE_API_URL: z.url(),
  VITE_COMMERCE_STORE_ID: z.string().check(z.minLength(1)),
  VITE_ADMIN_EMAIL: z.email(),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, unknown>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const names = [...new Set(result.error.issues.map((issue) => issue.path.join('.')))];
    throw new Error(`Invalid env provided. The following variables are missing or invalid: ${names.join(', ')}`);
  }
  return result.data;
}

export const env = parseEnv(import.meta.env);
