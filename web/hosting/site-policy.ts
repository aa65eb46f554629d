// The one description of how a static host serves web/dist: the security headers every response
// carries, how long each kind of file may be cached, and which paths the single-page app answers.
// apache.ts and netlify.ts only translate it into their hosts' files (build-files.ts).
import { contentSecurityPolicy, type HostingEnv } from './content-security-policy.ts';

export interface CacheRule {
  /** What the rule covers, in words (a comment in the generated files). */
  what: string;
  /** Path patterns: `/assets/*` (a folder), `/sw.js` (one file), `*.html` (every file so named). */
  paths: string[];
  cacheControl: string;
}

export interface SitePolicy {
  /** Sent with every response, the fallback's included. */
  securityHeaders: Record<string, string>;
  cacheRules: CacheRule[];
  /**
   * Served for a path that is neither a file nor a folder holding index.html (pre-rendered pages,
   * issue #27, are such folders): the app's router then shows the page or its 404. It is the
   * built index.html as Vite wrote it, the app's bare shell: index.html itself becomes the home
   * page once the build pre-renders it, and no other route may show the home page's content.
   */
  fallback: string;
  /** Folders whose missing files stay 404: a stale chunk must fail as a script, not load HTML. */
  noFallback: string[];
  /** Types some hosts do not know, which `nosniff` makes browsers enforce. */
  contentTypes: Record<string, string>;
}

/** The built index.html as Vite wrote it, before the pre-rendering makes index.html the home page. */
export const appShellPath = '/shell.html';

export const immutable = 'public, max-age=31536000, immutable';
export const revalidate = 'no-cache';

export function sitePolicy(env: HostingEnv): SitePolicy {
  return {
    securityHeaders: {
      'Content-Security-Policy': contentSecurityPolicy(env),
      // Two years, the figure browsers' preload lists ask for; ignored by browsers over plain HTTP.
      'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
      'X-Content-Type-Options': 'nosniff',
      // Other sites learn the shop's origin, never a page's path (an order, a product in a search).
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      // frame-ancestors 'none' for current browsers, this for the older ones.
      'X-Frame-Options': 'DENY',
      'Permissions-Policy': 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
    },
    cacheRules: [
      { what: 'content-hashed build output: a new build gives new names', paths: ['/assets/*'], cacheControl: immutable },
      {
        what: 'the app shell, pre-rendered pages, the service worker and the manifest: checked at each load',
        paths: ['*.html', '/', '/sw.js', '/manifest.webmanifest'],
        cacheControl: revalidate,
      },
    ],
    fallback: appShellPath,
    noFallback: ['/assets/'],
    contentTypes: { '.webmanifest': 'application/manifest+json', '.mjs': 'text/javascript' },
  };
}
