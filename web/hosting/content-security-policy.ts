// The shop's Content-Security-Policy, from the build's environment: exactly the origins the app
// reaches (its own, the Supabase project over HTTP and WebSocket, the commerce service and its
// images, the captcha provider when one is configured), nothing inline or evaluated for scripts.
// With VITE_CATALOGUE_SOURCE=shop the catalogue is read through the Supabase API: the commerce
// service is no longer reached, its origin stays only among the images when it is configured.
import { captchaConfigOf, type CaptchaProvider } from '../src/features/contact/lib/captcha-providers.ts';

/** The build-time variables the policy depends on (the names of web/.env). */
export interface HostingEnv {
  VITE_SUPABASE_URL: string;
  /** Optional with `VITE_CATALOGUE_SOURCE=shop`. */
  VITE_COMMERCE_API_URL?: string;
  VITE_CATALOGUE_SOURCE?: string;
  /** Space-separated origins the commerce service serves its images from, when not its API's own. */
  VITE_COMMERCE_IMAGE_ORIGINS?: string;
  VITE_CAPTCHA_PROVIDER?: string;
  VITE_CAPTCHA_SITE_KEY?: string;
}

/** What each provider's widget needs: its script, its challenge frame, its calls (their CSP guides). */
const captchaOrigins: Record<CaptchaProvider, { script: string[]; frame: string[]; connect: string[]; style: string[] }> = {
  turnstile: { script: ['https://challenges.cloudflare.com'], frame: ['https://challenges.cloudflare.com'], connect: [], style: [] },
  hcaptcha: {
    script: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    frame: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    connect: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    style: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
};

function originOf(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, not "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http(s) URL, not "${value}"`);
  return url;
}

/** The Supabase API's origin and its WebSocket twin (Realtime): https → wss, http → ws. */
function supabaseOrigins(value: string): string[] {
  const url = originOf('VITE_SUPABASE_URL', value);
  return [url.origin, `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`];
}

export type CspDirectives = Record<string, string[]>;

export function cspDirectives(env: HostingEnv): CspDirectives {
  const supabase = supabaseOrigins(env.VITE_SUPABASE_URL);
  const shopCatalogue = env.VITE_CATALOGUE_SOURCE === 'shop';
  // The commerce service's origin: the catalogue's reads (its storefront's source only) and its images.
  const commerce = shopCatalogue && !env.VITE_COMMERCE_API_URL ? [] : [originOf('VITE_COMMERCE_API_URL', env.VITE_COMMERCE_API_URL ?? '').origin];
  const images = (env.VITE_COMMERCE_IMAGE_ORIGINS ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((value) => originOf('VITE_COMMERCE_IMAGE_ORIGINS', value).origin);
  const captcha = captchaConfigOf(env.VITE_CAPTCHA_PROVIDER, env.VITE_CAPTCHA_SITE_KEY);
  const provider = captcha ? captchaOrigins[captcha.provider] : { script: [], frame: [], connect: [], style: [] };
  const unique = (values: string[]) => [...new Set(values)];
  return {
    'default-src': ["'self'"],
    // Vite emits module scripts only; pdf.js runs with isEvalSupported: false.
    'script-src': unique(["'self'", ...provider.script]),
    // Libraries insert <style> elements at run time, some computed then (framer-motion's pop
    // layout, Radix's scroll lock through react-remove-scroll, pdf.js's font rules): without
    // 'unsafe-inline' the journeys meet style-src-elem violations on the store, the product page
    // and the viewer (measured), and no hash can be known ahead. Style cannot run script; the
    // script policy above is what stops injected code.
    'style-src': unique(["'self'", "'unsafe-inline'", ...provider.style]),
    // data: for pdf.js's inline images and SVG data URIs; the Supabase project's origin for the
    // product images of the shop's own catalogue, public objects of its Storage (docs/catalogue-images.md).
    'img-src': unique(["'self'", 'data:', ...commerce, ...images, supabase[0]!]),
    'font-src': ["'self'", 'data:'],
    // The catalogue (the commerce service; the shop's own through REST), Supabase's REST, auth, storage, functions, Realtime;
    // blob: for a ritual's HLS playlists, which the viewer makes in the page from its link's
    // answer and hls.js reads like any URL (its segments come from Storage).
    'connect-src': unique(["'self'", ...supabase, ...(shopCatalogue ? [] : commerce), ...provider.connect, 'blob:']),
    // Audio and video play from Storage's signed URLs; blob: is the MediaSource hls.js plays a
    // stream through (a page can only make blob: URLs of its own, from its own allowed fetches).
    'media-src': unique(["'self'", supabase[0]!, 'blob:']),
    // pdf.js's worker (served with the app's assets) and the service worker; hls.js runs without
    // its worker (a blob: one), so none is added.
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': provider.frame.length > 0 ? unique(provider.frame) : ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

export function contentSecurityPolicy(env: HostingEnv): string {
  return Object.entries(cspDirectives(env))
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
