// The local edge runtime over real HTTP and real Deno, with fixture functions: proxying in both
// directions, verify_jwt on and off, OPTIONS, the injected env, crash and restart, shutdown.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startGateway, type Gateway } from '../gateway.ts';
import { signJwt } from '../keys.ts';
import { publicJwk } from '../signing-keys.ts';
import { functionsService } from './service.ts';
import { bearer, fixtures, json, jwtSecret, keys, runtimeContext as context } from './test-runtime.ts';

// An empty Deno cache proves that nothing needs downloading (Deno runs with --cached-only).
const denoDir = mkdtempSync(join(tmpdir(), 'functions-test-deno-'));
const factory = functionsService({ functionsDir: fixtures, configFile: join(fixtures, 'config.toml'), denoDir });
let gateway: Gateway;

beforeAll(async () => {
  process.env.FUNCTIONS_TEST_PARENT_ONLY = 'parent';
  const ctx = await context();
  gateway = await startGateway({ port: Number(new URL(ctx.apiUrl).port), context: ctx, services: { '/functions/v1': factory } });
});

afterAll(async () => {
  delete process.env.FUNCTIONS_TEST_PARENT_ONLY;
  await gateway?.close();
  rmSync(denoDir, { recursive: true, force: true });
});

const call = (path: string, init: RequestInit = {}) => fetch(`${gateway.url}/functions/v1${path}`, init);

describe('routing', () => {
  it('answers 404 for a function that does not exist, and for folders that are not functions', async () => {
    for (const path of ['/nope', '/fixtures', '/', '/..%2Fecho']) {
      const response = await call(path, { method: 'POST', headers: bearer(keys.anonKey) });
      expect(response.status, path).toBe(404);
      expect(await json(response)).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
    }
  });
});

describe('verify_jwt', () => {
  it('refuses a call without a bearer token before the function runs', async () => {
    const response = await call('/echo', { method: 'POST' });
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ code: 401, message: 'Missing authorization header' });
  });

  it('refuses a malformed, foreign-signed or expired JWT', async () => {
    const now = Math.floor(Date.now() / 1000);
    const tokens = ['not-a-jwt', signJwt({ role: 'anon', exp: now + 600 }, 'another-secret'), signJwt({ role: 'authenticated', sub: 'x', exp: now - 5 }, jwtSecret)];
    for (const token of tokens) {
      const response = await call('/echo', { method: 'POST', headers: bearer(token) });
      expect(response.status).toBe(401);
      expect(await json(response)).toEqual({ code: 401, message: 'Invalid JWT' });
    }
  });

  it('lets a valid anon key or user JWT through', async () => {
    const user = signJwt({ role: 'authenticated', sub: 'b7d1', exp: Math.floor(Date.now() / 1000) + 600 }, jwtSecret);
    for (const token of [keys.anonKey, user]) {
      const response = await call('/echo', { method: 'POST', headers: bearer(token) });
      expect(response.status).toBe(200);
      expect((await json(response)).headers.authorization).toBe(`Bearer ${token}`);
    }
  });

  it('runs a function with verify_jwt = false without any token', async () => {
    const response = await call('/open', { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('open');
  });

  it('answers the CORS preflight without a token at the gateway', async () => {
    const response = await call('/echo', { method: 'OPTIONS', headers: { Origin: 'http://127.0.0.1:5173', 'Access-Control-Request-Method': 'POST' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ok');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization, x-client-info, apikey, content-type');
  });
});

describe('OPTIONS reaching the service directly', () => {
  let server: Server;
  let closeService: () => Promise<void>;

  beforeAll(async () => {
    const service = await factory({ ...(await context()), pool: () => { throw new Error('no database in this test'); } });
    closeService = () => service.close();
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://local');
      void service.handle(req, res, url.pathname.replace(/^\/functions\/v1/, ''), url);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await closeService?.();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('passes OPTIONS to the function without a JWT, but not POST', async () => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/functions/v1/echo`;
    const preflight = await fetch(base, { method: 'OPTIONS' });
    expect(preflight.status).toBe(200);
    expect((await json(preflight)).method).toBe('OPTIONS');
    expect((await fetch(base, { method: 'POST' })).status).toBe(401);
  });
});

describe('proxying', () => {
  it('forwards method, path, query, headers and a large body unchanged', async () => {
    const body = Buffer.alloc(3 * 1024 * 1024 + 7, 'lumière');
    const response = await call('/echo/sub/path?x=1&y=%C3%A9', {
      method: 'PUT',
      headers: { ...bearer(keys.anonKey), 'Content-Type': 'application/octet-stream', 'X-Client-Info': 'supabase-js-node/2', apikey: keys.anonKey },
      body,
    });
    expect(response.status).toBe(200);
    const seen = await json(response);
    expect(seen).toMatchObject({ method: 'PUT', path: '/echo/sub/path', search: '?x=1&y=%C3%A9', bodyLength: body.length });
    expect(seen.bodySha256).toBe(createHash('sha256').update(body).digest('hex'));
    expect(seen.headers).toMatchObject({ 'content-type': 'application/octet-stream', 'x-client-info': 'supabase-js-node/2', apikey: keys.anonKey });
  });

  it('returns the function status and headers, repeated ones included', async () => {
    const response = await call('/echo/status', { headers: bearer(keys.anonKey) });
    expect(response.status).toBe(418);
    expect(response.headers.get('x-fixture')).toBe('yes');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.text()).toBe('teapot');
  });

  // The function sends its second chunk only once the first has been read here and the release
  // asked for: a proxy that buffered would hold the first, and this test would time out.
  it('streams the answer instead of buffering it', async () => {
    const response = await call('/echo/stream', { headers: bearer(keys.anonKey) });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('first;');
    expect((await call('/echo/stream/release', { headers: bearer(keys.anonKey) })).status).toBe(204);
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    expect(rest).toBe('second');
  });

  it('resolves npm imports from node_modules through the function deno.json', async () => {
    const post = (quantity: unknown) => call('/uses-npm', { method: 'POST', headers: bearer(keys.anonKey), body: JSON.stringify({ quantity }) });
    expect(await json(await post(2))).toEqual({ valid: true });
    expect(await json(await post(1.5))).toEqual({ valid: false });
  });

  it('answers 503 when the function cannot boot, and boots again on the next call', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await call('/broken', { method: 'POST', headers: bearer(keys.anonKey) });
      expect(response.status).toBe(503);
      expect(await json(response)).toEqual({ code: 'BOOT_ERROR', message: 'Function failed to boot (please check logs)' });
    }
  });
});

describe('environment', () => {
  it('injects the Supabase variables and the secrets, and nothing else of ours', async () => {
    const { env } = await json(await call('/echo', { method: 'POST', headers: bearer(keys.anonKey) }));
    expect(env).toMatchObject({
      SUPABASE_URL: gateway.url,
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: keys.publishableKey }),
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: keys.secretKey }),
      SUPABASE_ANON_KEY: keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
      SUPABASE_DB_URL: 'postgresql://postgres@127.0.0.1:5/postgres',
      SHOP_SECRET: 'local-value',
    });
    expect(JSON.parse(env.SUPABASE_JWKS)).toEqual({ keys: [publicJwk(keys.signingKey)] });
    expect(env.FUNCTIONS_TEST_PARENT_ONLY).toBeUndefined();
  });
});

describe('process lifecycle', () => {
  const pidOf = async () => (await json(await call('/crash', { headers: bearer(keys.anonKey) }))).pid as number;
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  it('starts one process for concurrent first calls and keeps it warm', async () => {
    const pids = await Promise.all(Array.from({ length: 6 }, pidOf));
    expect(new Set(pids).size).toBe(1);
    expect(await pidOf()).toBe(pids[0]);
  });

  it('answers 502 when the function dies mid-request, then restarts it', async () => {
    const before = await pidOf();
    const crash = await call('/crash/exit', { headers: bearer(keys.anonKey) });
    expect(crash.status).toBe(502);
    expect((await json(crash)).code).toBe('WORKER_ERROR');
    const after = await pidOf();
    expect(after).not.toBe(before);
    // The dead process is gone once the OS has reaped it, which can trail the 502 by a moment.
    await vi.waitFor(() => expect(alive(before)).toBe(false), { timeout: 5000 });
    // The restarted function keeps serving.
    expect((await call('/crash', { headers: bearer(keys.anonKey) })).status).toBe(200);
  });

  it('kills every function process on close', async () => {
    const ctx = await context();
    const other = await startGateway({ port: Number(new URL(ctx.apiUrl).port), context: ctx, services: { '/functions/v1': factory } });
    const response = await fetch(`${other.url}/functions/v1/crash`, { headers: bearer(keys.anonKey) });
    const { pid } = await json(response);
    expect(alive(pid)).toBe(true);
    await other.close();
    expect(alive(pid)).toBe(false);
  });
});

describe('editing a function', () => {
  it('serves the new code from the next request on, as `supabase functions serve` does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'functions-reload-'));
    mkdirSync(join(dir, 'greet'));
    const source = (word: string) => `Deno.serve(() => new Response('${word}'));\n`;
    const entry = join(dir, 'greet', 'index.ts');
    writeFileSync(entry, source('bonjour'));
    const ctx = await context();
    const service = functionsService({ functionsDir: dir, configFile: join(dir, 'config.toml'), denoDir });
    const other = await startGateway({ port: Number(new URL(ctx.apiUrl).port), context: ctx, services: { '/functions/v1': service } });
    try {
      const greet = async () => (await fetch(`${other.url}/functions/v1/greet`, { headers: bearer(keys.anonKey) })).text();
      expect(await greet()).toBe('bonjour');
      // Saved as many editors do (a new file renamed over the old one), then written in place.
      writeFileSync(`${entry}.tmp`, source('bonsoir'));
      renameSync(`${entry}.tmp`, entry);
      await vi.waitFor(async () => expect(await greet()).toBe('bonsoir'), { timeout: 10_000, interval: 200 });
      writeFileSync(entry, source('salut'));
      await vi.waitFor(async () => expect(await greet()).toBe('salut'), { timeout: 10_000, interval: 200 });
    } finally {
      await other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
