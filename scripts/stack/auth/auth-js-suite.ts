// `npm run test:auth-js <auth-js>`: supabase-js's own auth-js test suite (packages/core/auth-js of
// a supabase-js checkout, its dependencies installed) run with its own jest against this local
// auth service, configured as the suite's `supabase start --workdir test` would be:
// - the API on 127.0.0.1:54321, where test/lib/clients.ts looks for it;
// - the suite's RS256 signing key (test/supabase/signing_keys.json, made by the suite's own
//   test/generate-signing-keys.js when missing) signing the access tokens and served as the JWKS;
// - its API keys, the anon and service-role JWTs that clients.ts signs with that key (the CLI's
//   keys for such a project), accepted as the legacy JWT keys are, and its JWT secret;
// - test/supabase/config.toml's [auth.rate_limit] and max_frequency, sign-ups confirmed at once
//   (enable_confirmations = false) and http://127.0.0.1:3000 as the site URL.
// Its docker-tests folder expects four differently configured GoTrue containers; of these the
// asymmetric-JWT one (RS256, sign-ups confirmed, GoTrue's own routes at the root of
// localhost:9996, no API key) is this same service, so a plain proxy on that port forwards to
// /auth/v1 with the anon key and jest.config.docker.js runs asymmetric-jwt.test.ts through it.
// Arguments after the path go to jest (file filters, -t; the docker test then runs only if
// named); each file's passed/failed/skipped counts are printed at the end; the exit code is jest's.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { step } from '../../lib/log.ts';
import { runCommand } from '../../lib/processes.ts';
import { startLocalStack } from '../launch.ts';
import { newProjectKeys } from '../project-keys.ts';
import { readSigningKeys, type SigningKey } from '../signing-keys.ts';
import { parse } from 'smol-toml';
import { parseGoDuration } from './identifiers.ts';
import { readAuthRateLimits } from './rate-limit-settings.ts';

const [checkoutArg, ...jestArgs] = process.argv.slice(2);
if (!checkoutArg) {
  console.error('usage: npm run test:auth-js <supabase-js checkout or its packages/core/auth-js> [jest arguments]');
  process.exit(2);
}
const authJs = existsSync(join(checkoutArg, 'packages/core/auth-js')) ? resolve(checkoutArg, 'packages/core/auth-js') : resolve(checkoutArg);
const suiteConfig = join(authJs, 'test/supabase/config.toml');
if (!existsSync(suiteConfig)) throw new Error(`${authJs} is not supabase-js's packages/core/auth-js (no test/supabase/config.toml)`);
const suiteRequire = createRequire(join(authJs, 'package.json'));

// The values test/lib/clients.ts and test/supabase/config.toml fix.
const apiPort = 54321;
const asymmetricPort = 9996;
const jwtSecret = 'super-secret-jwt-token-with-at-least-32-characters-long';
const siteUrl = 'http://127.0.0.1:3000';

const keysFile = join(authJs, 'test/supabase/signing_keys.json');
if (!existsSync(keysFile)) await runCommand(process.execPath, [join(authJs, 'test/generate-signing-keys.js')], { stdio: 'inherit' });
const signingKey: SigningKey = readSigningKeys(keysFile)[0]!;

/** The suite's API keys, signed exactly as clients.ts signs them (same library, claims and key). */
function suiteApiKey(role: 'anon' | 'service_role'): string {
  const jwt = suiteRequire('jsonwebtoken') as { sign(claims: object, key: string, options: object): string };
  const { createPrivateKey } = suiteRequire('crypto') as typeof import('node:crypto');
  const pem = createPrivateKey({ key: JSON.parse(readFileSync(keysFile, 'utf8'))[0], format: 'jwk' }).export({ type: 'pkcs8', format: 'pem' }) as string;
  return jwt.sign({ iss: 'supabase-demo', role, exp: 1983812996, iat: 1768925145 }, pem, { algorithm: 'RS256', keyid: signingKey.kid });
}

/** localhost:9996 as the asymmetric GoTrue container: its routes at the root, no API key needed. */
function startAsymmetricProxy(apiUrl: string, anonKey: string): Promise<Server> {
  const target = new URL(apiUrl);
  const server = createServer((req, res) => {
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: `/auth/v1${req.url}`, headers: { ...req.headers, host: target.host, apikey: anonKey } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((done, fail) => server.once('error', fail).listen(asymmetricPort, () => done(server)));
}

const anonKey = suiteApiKey('anon');
// The suite's [auth.email] (it configures no templates: the mails keep the shop's).
const email = ((parse(readFileSync(suiteConfig, 'utf8')).auth ?? {}) as { email?: { enable_confirmations?: boolean; max_frequency?: string } }).email ?? {};
const stack = await startLocalStack({
  persistent: false,
  siteUrl,
  ports: { api: apiPort },
  keys: { ...newProjectKeys(), signingKey, jwtSecret, anonKey, serviceRoleKey: suiteApiKey('service_role') },
  legacyKeys: true,
  autoconfirm: !(email.enable_confirmations ?? false),
  authRateLimits: readAuthRateLimits(suiteConfig),
  emailMaxFrequencySeconds: (parseGoDuration(email.max_frequency ?? '1s') ?? 1000) / 1000,
});
interface JestReport {
  testResults: Array<{ name: string; assertionResults: Array<{ status: string }> }>;
}

/** One line per test file: passed / failed / skipped. */
function printCounts(report: JestReport): void {
  for (const file of report.testResults.sort((a, b) => a.name.localeCompare(b.name))) {
    const count = (status: string) => file.assertionResults.filter((a) => a.status === status).length;
    console.log(`  ${relative(authJs, file.name).padEnd(44)} ${String(count('passed')).padStart(4)} passed ${String(count('failed')).padStart(4)} failed ${String(count('pending') + count('skipped') + count('todo')).padStart(4)} skipped`);
  }
}

const reportDir = mkdtempSync(join(tmpdir(), 'auth-js-suite-'));
let exitCode = 1;
try {
  const proxy = await startAsymmetricProxy(stack.apiUrl, anonKey);
  try {
    const jest = suiteRequire.resolve('jest/bin/jest');
    const run = async (config: string, args: string[]) => {
      const outputFile = join(reportDir, `${config}.json`);
      const code = await runCommand(process.execPath, [jest, '--config', config, '--runInBand', '--coverage=false', '--json', `--outputFile=${outputFile}`, ...args], { cwd: authJs, stdio: 'inherit' });
      if (existsSync(outputFile)) printCounts(JSON.parse(readFileSync(outputFile, 'utf8')) as JestReport);
      return code;
    };
    step(`auth-js suite (jest.config.cli.js) against ${stack.apiUrl}/auth/v1`);
    const cli = await run('jest.config.cli.js', jestArgs);
    const docker = jestArgs.length === 0 || jestArgs.some((arg) => arg.includes('asymmetric-jwt'));
    let asymmetric = 0;
    if (docker) {
      step(`auth-js docker-tests/asymmetric-jwt.test.ts (jest.config.docker.js) against localhost:${asymmetricPort}`);
      asymmetric = await run('jest.config.docker.js', ['docker-tests/asymmetric-jwt.test.ts']);
    }
    exitCode = cli || asymmetric;
  } finally {
    proxy.close();
  }
} finally {
  await stack.stop();
  rmSync(reportDir, { recursive: true, force: true });
}
process.exit(exitCode);
