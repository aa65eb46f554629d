// The captcha this build configures (captcha-providers.ts), or undefined.
import { captchaConfigOf } from '@/features/contact/lib/captcha-providers';

export const captchaConfig = captchaConfigOf(import.meta.env.VITE_CAPTCHA_PROVIDER, import.meta.env.VITE_CAPTCHA_SITE_KEY);
