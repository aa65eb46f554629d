// Where prices and stock are edited: the commerce service's own administration. Build-time
// `VITE_COMMERCE_ADMIN_URL` (Hostinger's store settings, for one); without it, the service's
// address. Read here rather than in config/env.ts so the public start-up path does not carry it.
import { env } from '@/config/env';

const isHttpUrl = (value: unknown): value is string => {
  try {
    return typeof value === 'string' && ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

export function commerceAdminUrlOf(configured: unknown, commerceApiUrl: string): string {
  return isHttpUrl(configured) ? configured : commerceApiUrl;
}

export const commerceAdminUrl = commerceAdminUrlOf(import.meta.env.VITE_COMMERCE_ADMIN_URL, env.VITE_COMMERCE_API_URL);
