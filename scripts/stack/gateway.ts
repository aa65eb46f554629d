// The API gateway of the local stack (Kong's place in `supabase start`): one HTTP server on the
// API port, CORS for the web app, the API-key check (opaque keys swapped for a short-lived JWT of
// their role, as the platform's gateway does), and routing by prefix to the services.
// Past what the machine can do it answers new work 503 with Retry-After at once rather than let a
// queue grow (../lib/in-flight-limit.ts): once the requests of one service have been waiting for
// their response headers more than SHOP_GATEWAY_MAX_WAIT_MS (250 ms) for a whole
// SHOP_GATEWAY_WAIT_INTERVAL_MS (250 ms), a standing queue; and past SHOP_GATEWAY_MAX_IN_FLIGHT
// requests in flight, a backstop (why a wait rather than a count: in-flight-limit.ts). Each
// service has its own. The functions' own calls to REST, auth and storage (tagged by the edge
// runtime, functions/inner-calls.ts) are never refused for a standing queue, nor is a signed-in
// user whose new work was just answered: what is refused is new work. Websocket upgrades are not
// counted (a socket's life is not waiting), nor are storage uploads timed (their answer waits for
// their body).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import pg from 'pg';
import type { Service, ServiceFactory, StackContext } from './context.ts';
import { bearerToken, sendJson } from './http.ts';
import { isOpaqueApiKey, mintedRoleToken, resolveApiKey } from './project-keys.ts';
import { inFlightLimit, maxInFlightSetting, waitBoundSetting, type WaitBound } from '../lib/in-flight-limit.ts';
import { takeInnerCall } from './functions/inner-calls.ts';
import { listen } from '../lib/listen.ts';

export const servicePrefixes = ['/auth/v1', '/rest/v1', '/realtime/v1', '/functions/v1', '/storage/v1'] as const;
export type ServicePrefix = (typeof servicePrefixes)[number];

const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, x-retry-count, accept, accept-profile, content-profile, prefer, range, range-unit, x-supabase-api-version, ' +
    'x-upsert, x-metadata, cache-control, if-none-match, tus-resumable, upload-length, upload-metadata, upload-offset, upload-defer-length, x-signature',
  'Access-Control-Expose-Headers':
    'content-range, content-location, x-total-count, link, x-supabase-api-version, www-authenticate, retry-after, ' +
    'accept-ranges, content-length, content-disposition, etag, last-modified, location, tus-resumable, tus-version, tus-extension, tus-max-size, upload-offset, upload-length',
  'Access-Control-Max-Age': '86400',
};

/**
 * Like Kong's key-auth: GoTrue's browser-facing links and its JWKS, the functions and Storage (whose signed
 * URLs a <video> or a download link fetches bare; storage-api checks the JWT itself) need no API key.
 */
function needsApiKey(prefix: ServicePrefix, path: string): boolean {
  if (prefix === '/functions/v1' || prefix === '/storage/v1') return false;
  if (prefix === '/auth/v1') return !/^\/(verify|callback|authorize|outbox|\.well-known)(\/|$)/.test(path);
  return true;
}

function apiKeyOf(req: IncomingMessage, url: URL): string | undefined {
  const header = req.headers.apikey;
  return (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey') ?? undefined;
}

/**
 * Like Kong: the services learn the client's address from X-Forwarded-For (the peer appended to
 * what the client sent) and X-Real-IP; PostgREST hands both on in `request.headers`.
 */
function forwardClientAddress(req: IncomingMessage): void {
  const peer = req.socket.remoteAddress ?? '';
  const sent = req.headers['x-forwarded-for'];
  req.headers['x-forwarded-for'] = sent ? `${Array.isArray(sent) ? sent.join(', ') : sent}, ${peer}` : peer;
  req.headers['x-real-ip'] = peer;
}

/**
 * Hosted Supabase refuses a secret key sent by a browser, which it tells by the User-Agent header
 * (every browser's starts with `Mozilla/`; Node's, Deno's and curl's do not), with a 401.
 */
function fromBrowser(req: IncomingMessage): boolean {
  return /^Mozilla\//.test(req.headers['user-agent'] ?? '');
}

/** The API key check, the secret key's browser refusal, and the opaque keys swapped for a JWT; the refusal, if any. */
function refusal(req: IncomingMessage, context: StackContext, prefix: ServicePrefix, path: string, url: URL): { status: number; message: string } | undefined {
  const given = apiKeyOf(req, url);
  const key = given === undefined ? undefined : resolveApiKey(context, given);
  if (needsApiKey(prefix, path) && !key) return { status: 401, message: given ? 'Invalid API key' : 'No API key found in request' };
  const bearer = bearerToken(req);
  const bearerKey = bearer !== undefined && isOpaqueApiKey(bearer) ? resolveApiKey(context, bearer) : undefined;
  if (bearer !== undefined && isOpaqueApiKey(bearer) && !bearerKey) return { status: 401, message: 'Invalid API key' };
  if ([key, bearerKey].some((k) => k?.opaque && k.role === 'service_role') && fromBrowser(req)) {
    return { status: 401, message: 'Forbidden use of secret API key in browser' };
  }
  // The functions see the request as sent. The other services get a JWT of the key's role in
  // place of an opaque key sent as the bearer token (supabase-js sends the key there when no one
  // is signed in), and, with no Authorization at all, in place of the secret key alone (`apikey:
  // sb_secret_…` acts as the service role); the publishable key alone stays tokenless: anon.
  if (prefix !== '/functions/v1') {
    const secretAlone = req.headers.authorization === undefined && key?.opaque && key.role === 'service_role' ? key : undefined;
    const swapped = bearerKey ?? secretAlone;
    if (swapped) req.headers.authorization = `Bearer ${mintedRoleToken(context.signingKey, swapped.role)}`;
  }
  return undefined;
}

export interface GatewayOptions {
  port: number;
  host?: string;
  context: Omit<StackContext, 'pool'>;
  services: Partial<Record<ServicePrefix, ServiceFactory>>;
  /** Requests one service works on at once before the next is refused with 503; by default SHOP_GATEWAY_MAX_IN_FLIGHT or 1,000. */
  maxInFlight?: number;
  /** The standing wait past which one service refuses new work; by default SHOP_GATEWAY_MAX_WAIT_MS and SHOP_GATEWAY_WAIT_INTERVAL_MS, or 250 ms over 250 ms. */
  waitBound?: WaitBound;
}

/** Far above what `npm test`'s parallel files send one stack at once (hundreds), and than ordinary use. */
export const defaultGatewayMaxInFlight = 1000;

export interface Gateway {
  url: string;
  context: StackContext;
  close(): Promise<void>;
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const pools = new Map<string, pg.Pool>();
  const context: StackContext = {
    ...options.context,
    pool(role) {
      let pool = pools.get(role);
      if (!pool) {
        pool = new pg.Pool({ connectionString: options.context.dbUrlFor(role), max: role === 'authenticator' ? 40 : 10 });
        // A pooled connection that dies (a database restart) must not crash the gateway.
        pool.on('error', (error) => console.error(`[gateway] ${role} pool: ${error.message}`));
        pools.set(role, pool);
      }
      return pool;
    },
  };
  const services = new Map<ServicePrefix, Service>();
  for (const prefix of servicePrefixes) {
    const factory = options.services[prefix];
    if (factory) services.set(prefix, await factory(context));
  }
  const maxInFlight = options.maxInFlight ?? maxInFlightSetting('SHOP_GATEWAY_MAX_IN_FLIGHT', defaultGatewayMaxInFlight);
  const waitBound = options.waitBound ?? waitBoundSetting('SHOP_GATEWAY');
  const limits = new Map(servicePrefixes.map((prefix) => [prefix, inFlightLimit(maxInFlight, waitBound, `The service ${prefix}`)]));

  function route(req: IncomingMessage): { prefix: ServicePrefix; service: Service; path: string; url: URL } | undefined {
    const url = new URL(req.url ?? '/', 'http://gateway');
    const prefix = servicePrefixes.find((p) => url.pathname === p || url.pathname.startsWith(`${p}/`));
    const service = prefix && services.get(prefix);
    if (!prefix || !service) return undefined;
    return { prefix, service, path: url.pathname.slice(prefix.length) || '/', url };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(corsHeaders)) res.setHeader(name, value);
    forwardClientAddress(req);
    const target = route(req);
    if (req.method === 'OPTIONS') {
      res.writeHead(200, { 'Content-Type': 'text/plain', ...target?.service.preflightHeaders?.(target.path) }).end('ok');
      return;
    }
    if (!target) {
      sendJson(res, 404, { message: 'no Route matched with those values' });
      return;
    }
    const inner = takeInnerCall(req);
    // A storage write answers once its body has arrived (an upload, a TUS chunk): that is not waiting.
    const upload = target.prefix === '/storage/v1' && req.method !== 'GET' && req.method !== 'HEAD';
    // A TUS chunk continues an upload already under way: only its creation is new work.
    const continuation = upload && req.method === 'PATCH';
    // A signed-in user's token (not an API key) names the caller whose work goes on.
    const bearer = bearerToken(req);
    const caller = bearer !== undefined && !resolveApiKey(context, bearer) ? bearer : undefined;
    if (!limits.get(target.prefix)!.admit(res, { sheddable: !inner && !continuation, timed: !upload, caller })) return;
    const refused = refusal(req, context, target.prefix, target.path, target.url);
    if (refused) {
      sendJson(res, refused.status, { message: refused.message });
      return;
    }
    await target.service.handle(req, res, target.path, target.url);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      console.error(`[gateway] ${req.method} ${req.url}: ${error.stack ?? error.message}`);
      if (!res.headersSent) sendJson(res, 500, { message: 'An unexpected error occurred' });
      else res.destroy();
    });
  });
  server.on('upgrade', (req, socket, head) => {
    const target = route(req);
    if (!target?.service.upgrade || refusal(req, context, target.prefix, target.path, target.url)) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      return;
    }
    target.service.upgrade(req, socket, head, target.url);
  });
  server.keepAliveTimeout = 65_000;
  const url = await listen(server, options.port, options.host);

  return {
    url,
    context,
    async close() {
      // No new connection from here on; then the services, then whatever connection is left.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await Promise.all([...services.values()].map((s) => s.close()));
      server.closeAllConnections();
      await closed;
      await Promise.all([...pools.values()].map((p) => p.end()));
    },
  };
}
