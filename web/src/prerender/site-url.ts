// The shop's public origin, from the build's `VITE_SITE_URL`: canonical URLs, link previews,
// the sitemap and robots.txt must be absolute. Without it, the local web app's address.

export const localSiteUrl = 'http://127.0.0.1:5173';

export function siteUrlFrom(value: string | undefined): string {
  if (value === undefined || value === '') return localSiteUrl;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`VITE_SITE_URL is not a URL: ${value}`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`VITE_SITE_URL must be the shop's origin alone (https://example.fr): ${value}`);
  }
  return url.origin;
}
