// The local edge runtime (/functions/v1/<name>): the JWT check that `verify_jwt` asks for (the
// legacy one: HS256 with the JWT secret only, which the platform documents as incompatible with
// the new signing keys), then the request proxied to real Deno running
// supabase/functions/<name>/index.ts with the env Supabase injects (SUPABASE_URL,
// SUPABASE_PUBLISHABLE_KEYS, SUPABASE_SECRET_KEYS, SUPABASE_JWKS, the legacy SUPABASE_ANON_KEY and
// SUPABASE_SERVICE_ROLE_KEY, SUPABASE_DB_URL) plus the project's secrets, under the hosted platform's limits (limits.ts): what crosses one is
// answered as Supabase answers it.
import { existsSync, mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { localDir, repoRoot, supabaseDir } from '../../lib/paths.ts';
import type { ServiceFactory, StackContext } from '../context.ts';
import { bearerToken, sendJson } from '../http.ts';
import { verifyJwt } from '../keys.ts';
import { jwksOf } from '../signing-keys.ts';
import { readVerifyJwt } from './config.ts';
import { limitsFor, type Plan, type RuntimeLimits } from './limits.ts';
import { CallerGoneError, IdleTimeoutError, proxyRequest, type RoundTrips, UpstreamError } from './proxy.ts';
import { refuseReservedSecrets } from './secrets.ts';
import { watchTree } from './watch-tree.ts';
import type { RequestUsage } from './watchdog.ts';
import { BootError, FunctionWorker, type Running } from './worker.ts';

export interface FunctionsServiceOptions {
  /** Folder of `<name>/index.ts` functions; defaults to supabase/functions. */
  functionsDir?: string;
  /** Where verify_jwt settings live; defaults to supabase/config.toml. */
  configFile?: string;
  /** Deno's cache (transpiled code); defaults to .local/deno. */
  denoDir?: string;
  /** The hosted plan whose wall clock applies; the free plan's (the shorter) by default. */
  plan?: Plan;
  /** As a project with a custom domain: HTML on GET is served as such. Off by default. */
  customDomain?: boolean;
  /** Tests only: time limits too long to wait for, shortened. Everything else keeps its documented value. */
  limits?: Partial<Pick<RuntimeLimits, 'requestIdleTimeoutMs' | 'wallClockMs'>>;
  /** Told what each answered request used, as the runtime measured it (the bench reads this). */
  onRequestMeasured?: (measured: RequestMeasured) => void;
}

/** The status measured of a request whose caller left before it could be relayed; no one receives it. */
const clientClosedRequest = 499;

export interface RequestMeasured extends RequestUsage {
  /** The function's name. */
  name: string;
  /** The status the caller got; 499 (nginx's "client closed request") when it left before the function was reached. */
  status: number;
  /** From the request reaching the runtime to its answer ending, in ms (the caller's latency, minus the network). */
  wallMs: number;
  /** The network round trips the function made for it, by service (database, auth, commerce, mail, …). */
  roundTrips: RoundTrips;
}

/**
 * What the platform answers when it, not the function, ends a request: the status, a JSON body
 * with the code, and the code again in the `sb-error-code` header
 * (https://supabase.com/docs/guides/functions/error-codes).
 */
function platformError(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { code, message }, { 'sb-error-code': code });
}

// Same rule as the Supabase CLI for function names; `_shared` and the like are not functions.
const functionName = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}

/** Loopback plus every host the stack hands the function (its API, database, sandbox). */
function reachableHosts(context: StackContext): string[] {
  const urls = [context.apiUrl, context.dbUrl, ...Object.values(context.functionSecrets)];
  const hosts = urls.map(hostOf).filter((h): h is string => h !== undefined);
  return [...new Set(['127.0.0.1', 'localhost', ...hosts])];
}

export function functionsService(options: FunctionsServiceOptions = {}): ServiceFactory {
  return async (context) => {
    const functionsDir = options.functionsDir ?? join(supabaseDir, 'functions');
    const verifyJwtFor = readVerifyJwt(options.configFile ?? join(supabaseDir, 'config.toml'));
    const denoDir = options.denoDir ?? join(localDir, 'deno');
    mkdirSync(denoDir, { recursive: true });
    refuseReservedSecrets(context.functionSecrets);
    const limits = limitsFor(options.plan, { customDomain: options.customDomain ?? false, ...options.limits });
    const env = {
      ...context.functionSecrets,
      SUPABASE_URL: context.apiUrl,
      // JSON dictionaries of named keys, as the hosted runtime provides them.
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: context.publishableKey }),
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: context.secretKey }),
      SUPABASE_JWKS: JSON.stringify(jwksOf([context.signingKey])),
      SUPABASE_ANON_KEY: context.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: context.serviceRoleKey,
      SUPABASE_DB_URL: context.dbUrl,
    };
    const allowNet = reachableHosts(context);
    const allowRead = [functionsDir, join(repoRoot, 'node_modules')];
    const workers = new Map<string, FunctionWorker>();

    // As `supabase functions serve` does: an edited function (or _shared file) runs from the next
    // request on. Editors save in bursts of events, hence the short debounce.
    let reload: NodeJS.Timeout | undefined;
    const stopWatching = watchTree(functionsDir, () => {
      clearTimeout(reload);
      reload = setTimeout(() => {
        const stale = [...workers.values()];
        workers.clear();
        for (const worker of stale) void worker.close();
      }, 100);
    });

    function workerFor(name: string): FunctionWorker | undefined {
      if (!functionName.test(name) || !existsSync(join(functionsDir, name, 'index.ts'))) return undefined;
      let worker = workers.get(name);
      if (!worker) {
        worker = new FunctionWorker({ name, dir: join(functionsDir, name), env, denoDir, allowRead, allowNet, limits });
        workers.set(name, worker);
      }
      return worker;
    }

    /** The gateway's 401 when verify_jwt is on, with the relay's wording; undefined when allowed. */
    function jwtRefusal(req: IncomingMessage): string | undefined {
      const token = bearerToken(req);
      if (!token) return 'Missing authorization header';
      try {
        if (!context.settings.legacyKeys) return 'Invalid JWT';
        verifyJwt(token, context.jwtSecret);
        return undefined;
      } catch {
        return 'Invalid JWT';
      }
    }

    async function handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
      const started = performance.now();
      const name = path.split('/')[1] ?? '';
      const worker = workerFor(name);
      if (!worker) {
        sendJson(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
        return;
      }
      if (req.method !== 'OPTIONS' && verifyJwtFor(name)) {
        const refusal = jwtRefusal(req);
        if (refusal) {
          sendJson(res, 401, { code: 401, message: refusal });
          return;
        }
      }
      let running: Running;
      try {
        running = await worker.running();
      } catch (error) {
        if (!(error instanceof BootError)) throw error;
        console.error(`[functions:${name}] ${error.message}`);
        platformError(res, 503, 'BOOT_ERROR', 'Function failed to boot (please check logs)');
        return;
      }
      const measured = running.begin();
      let roundTrips: RoundTrips = {};
      let status: number | undefined;
      try {
        await proxyRequest(req, res, running, `${path}${url.search}`, { idleTimeoutMs: limits.requestIdleTimeoutMs, customDomain: limits.customDomain }, (made) => {
          roundTrips = made;
        });
      } catch (error) {
        if (error instanceof CallerGoneError) {
          console.error(`[functions:${name}] ${error.message}`);
          status = clientClosedRequest;
          return;
        }
        if (!(error instanceof UpstreamError || error instanceof IdleTimeoutError)) throw error;
        console.error(`[functions:${name}] ${error.message}`);
        if (res.headersSent || res.destroyed) return;
        if (error instanceof IdleTimeoutError) platformError(res, 504, 'IDLE_TIMEOUT', 'Function did not respond within the request idle timeout');
        else if (await running.limitThatEnded()) platformError(res, 546, 'WORKER_LIMIT', 'Worker failed to respond due to a resource limit (please check logs)');
        else platformError(res, 502, 'WORKER_ERROR', 'Function exited before answering (please check logs)');
      } finally {
        options.onRequestMeasured?.({ name, status: status ?? res.statusCode, wallMs: performance.now() - started, roundTrips, ...measured() });
      }
    }

    return {
      handle,
      async close() {
        stopWatching();
        clearTimeout(reload);
        await Promise.all([...workers.values()].map((w) => w.close()));
      },
    };
  };
}
