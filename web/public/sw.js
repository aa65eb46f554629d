// Lumière Sacrée service worker (hand-written, registered by production builds only).
// - Built assets (/assets/*, content-hashed): cache-first.
// - Pages (navigations): network-first, falling back to the page cached last, else the app's
//   bare shell (/shell.html: index.html is the pre-rendered home page, not a page for any route).
// - Catalogue API (GET /store/{id}/products|variants on the commerce service): network-first
//   with the last good answer as fallback, so visited catalogue pages open offline.
// - Images: cache-first. Anything else (Supabase auth, data, functions; checkout) is never cached.
const VERSION = 'v1';
const SHELL = `shell-${VERSION}`;
const ASSETS = `assets-${VERSION}`;
const API = `catalogue-api-${VERSION}`;
const IMAGES = `images-${VERSION}`;
const KEEP = [SHELL, ASSETS, API, IMAGES];
const MAX_IMAGES = 150;
const MAX_API = 100;

const APP_SHELL = '/shell.html';
const SHELL_URLS = ['/', APP_SHELL, '/manifest.webmanifest', '/icons/icon.svg', '/icons/icon-192.png', '/images/product-placeholder.svg'];
const CATALOGUE_PATH = /^\/store\/[^/]+\/(products|variants)(\/|$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL);
      await shell.addAll(SHELL_URLS);
      // The first page load happened before this worker existed: cache what the shell needs.
      const html = await (await shell.match(APP_SHELL)).text();
      const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
      await (await caches.open(ASSETS)).addAll([...new Set(assets)]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => !KEEP.includes(name)).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

// The page sends what it loaded before this worker took control (chunks, catalogue answers, images).
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'CACHE_URLS' || !Array.isArray(event.data.urls)) return;
  event.waitUntil(
    Promise.all(
      event.data.urls.map(async (href) => {
        try {
          const url = new URL(href);
          const request = new Request(url, isSameOrigin(url) || isCatalogue(url) ? {} : { mode: 'no-cors' });
          const cache = cacheFor(request, url);
          if (cache && !(await caches.match(request, { ignoreVary: true }))) await put(cache, request, await fetch(request));
        } catch {
          // Best effort: a resource that cannot be fetched now is cached on its next use.
        }
      }),
    ),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);

  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, SHELL, () => caches.match(APP_SHELL, { cacheName: SHELL, ignoreVary: true })));
    return;
  }
  const cache = cacheFor(request, url);
  if (cache === API) event.respondWith(networkFirst(request, API));
  else if (cache) event.respondWith(cacheFirst(request, cache));
});

function isSameOrigin(url) {
  return url.origin === self.location.origin;
}

function isCatalogue(url) {
  return !isSameOrigin(url) && CATALOGUE_PATH.test(url.pathname);
}

function cacheFor(request, url) {
  if (isCatalogue(url)) return API;
  if (request.destination === 'image' || /\.(png|jpe?g|webp|avif|gif|svg)$/i.test(url.pathname)) return IMAGES;
  if (isSameOrigin(url) && url.pathname.startsWith('/assets/')) return ASSETS;
  if (isSameOrigin(url) && SHELL_URLS.includes(url.pathname)) return SHELL;
  return null;
}

async function put(cacheName, request, response) {
  // Opaque answers (cross-origin images) have status 0 but are still worth keeping.
  if (!response || (!response.ok && response.type !== 'opaque')) return;
  const cache = await caches.open(cacheName);
  await cache.put(request, response);
  if (cacheName === IMAGES) await trim(cache, MAX_IMAGES);
  if (cacheName === API) await trim(cache, MAX_API);
}

async function trim(cache, max) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)));
}

async function networkFirst(request, cacheName, fallback) {
  try {
    const response = await fetch(request);
    await put(cacheName, request, response.clone());
    return response;
  } catch (error) {
    const cached = (await caches.match(request, { cacheName, ignoreVary: true })) ?? (fallback ? await fallback() : undefined);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request, cacheName) {
  // Any cache will do (the shell precache also holds a few images). Vary is ignored because
  // module scripts send an Origin header that the precache requests did not.
  const cached = await caches.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  await put(cacheName, request, response.clone());
  return response;
}
