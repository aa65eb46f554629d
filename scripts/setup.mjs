#!/usr/bin/env node
// Entry point of `npm start` and `npm test`. It must run on a fresh clone, before any npm
// dependency exists, so it uses Node's built-ins only. It installs what is missing (npm
// dependencies, Debian packages), or says exactly what to install by hand, then hands over to the
// TypeScript entry (scripts/start.ts or scripts/test.ts) through tsx.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [command = 'start', ...rest] = process.argv.slice(2);
const entries = { start: 'scripts/start.ts', test: 'scripts/test.ts', stress: 'scripts/test-stress.ts' };
/** What each command needs installed: the stress run is the tests'. */
const needs = command === 'stress' ? 'test' : command;
const PG_MAJOR = 15;
const pgLib = `/usr/lib/postgresql/${PG_MAJOR}`;

/** Debian packages, each with the file whose presence proves it is installed. */
const osPackages = [
  { name: `postgresql-${PG_MAJOR}`, proof: `${pgLib}/bin/postgres`, for: ['start', 'test'] },
  { name: `postgresql-contrib`, proof: `/usr/share/postgresql/${PG_MAJOR}/extension/pgcrypto.control`, for: ['start', 'test'] },
  { name: `postgresql-${PG_MAJOR}-pgtap`, proof: `/usr/share/postgresql/${PG_MAJOR}/extension/pgtap.control`, for: ['start', 'test'] },
  { name: 'libtap-parser-sourcehandler-pgtap-perl', proof: '/usr/bin/pg_prove', for: ['start', 'test'] },
  // Supabase Cron: pg_cron's scheduler runs the migrations' jobs, as on hosted Supabase.
  { name: `postgresql-${PG_MAJOR}-cron`, proof: `/usr/share/postgresql/${PG_MAJOR}/extension/pg_cron.control`, for: ['start', 'test'] },
  { name: `postgresql-${PG_MAJOR}-wal2json`, proof: `${pgLib}/lib/wal2json.so`, for: ['start', 'test'] },
  { name: `postgresql-${PG_MAJOR}-plpgsql-check`, proof: `/usr/share/postgresql/${PG_MAJOR}/extension/plpgsql_check.control`, for: ['test'] },
  // python3: npm test counts each lane's CPU under scripts/lib/tree-cpu.py (a child subreaper).
  { name: 'python3', proof: '/usr/bin/python3', for: ['test'] },
  // The journeys' browser: Chromium's headless shell, which Playwright itself runs headless by
  // default: the same Blink and V8 without the desktop browser around them (a quarter less CPU
  // for the journeys than Debian's full `chromium`, which only the benches use).
  { name: 'chromium-headless-shell', proof: '/usr/bin/chromium-headless-shell', for: ['test'] },
  { name: 'fonts-dejavu-core', proof: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', for: ['test'] },
  // pdftotext: the tests read the text of a buyer's stamped copy as a PDF reader would.
  { name: 'poppler-utils', proof: '/usr/bin/pdftotext', for: ['test'] },
  // gpg: the backups' encryption (npm run backup), proven by a restore in the tests.
  { name: 'gnupg', proof: '/usr/bin/gpg', for: ['test'] },
  // ffmpeg: `npm run media:transcode` makes the videos' HLS renditions; the tests transcode a sample.
  { name: 'ffmpeg', proof: '/usr/bin/ffmpeg', for: ['start', 'test'] },
  // The journeys run against the production build served by a real Apache reading its .htaccess.
  { name: 'apache2', proof: '/usr/sbin/apache2', for: ['test'] },
];

function fail(lines) {
  console.error(['', ...lines, ''].join('\n'));
  process.exit(1);
}

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) return { ok: false, why: result.error.message };
  return { ok: result.status === 0, why: `exit code ${result.status}` };
}

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    fail([`Node.js ${process.versions.node} is too old: this project needs Node.js 20.19 or newer.`,
      'Install a current Node.js (https://nodejs.org or your distribution), then run the command again.']);
  }
}

function isDebian() {
  if (!existsSync('/etc/os-release')) return false;
  const release = readFileSync('/etc/os-release', 'utf8');
  return /^(ID|ID_LIKE)=.*\bdebian\b/m.test(release) && existsSync('/usr/bin/apt-get');
}

function ensureOsPackages() {
  const missing = osPackages.filter((p) => p.for.includes(needs) && !existsSync(p.proof));
  if (missing.length === 0) return;
  const names = missing.map((p) => p.name);
  const manual = [
    `Missing system packages: ${names.join(', ')}.`,
    'Install them by hand, then run the command again. On Debian or Ubuntu, as root:',
    `  apt-get update && apt-get install -y ${names.join(' ')}`,
    'Elsewhere install PostgreSQL 15 with the pgTAP, pg_cron, wal2json and plpgsql_check extensions, pg_prove (Perl',
    "TAP::Parser::SourceHandler::pgTAP) and, for the tests, Python 3, Chromium's headless shell at /usr/bin/chromium-headless-shell, poppler's pdftotext and",
    'Apache httpd at /usr/sbin/apache2 (modules in /usr/lib/apache2/modules, as Debian lays them out).',
  ];
  if (!isDebian()) fail(['This machine is not Debian-based, so the packages cannot be installed automatically.', ...manual]);
  if (process.getuid?.() !== 0) fail(['Installing system packages needs root, and this command is not running as root.', ...manual]);
  console.log(`Installing system packages: ${names.join(', ')} …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = run('apt-get', ['update', '-qq'], { env });
  const install = update.ok && run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names], { env });
  if (!update.ok || !install.ok) fail([`apt-get could not install the packages (${(install || update).why}).`, ...manual]);
}

function ensureNpmDependencies() {
  const installed = join(root, 'node_modules/.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing npm dependencies (npm ci) …');
  const result = run('npm', ['ci', '--no-audit', '--no-fund']);
  if (!result.ok) fail([`npm ci failed (${result.why}). Check that the npm registry is reachable, then run the command again.`]);
}

if (!(command in entries)) fail([`Unknown command "${command}". Use: node scripts/setup.mjs start|test|stress`]);
checkNode();
ensureOsPackages();
ensureNpmDependencies();
// tsx as Node's loader, not its CLI: the CLI relays a Ctrl-C to its child and kills it (SIGKILL)
// when the child does not acknowledge within about 30 ms, which a busy `start.ts` can miss, and a
// killed `start.ts` never stops the database.
const child = spawn(process.execPath, ['--import', 'tsx', join(root, entries[command]), ...rest], { stdio: 'inherit', cwd: root });
// Ctrl-C reaches the whole process group, and a signal may also be sent to this process alone: it
// is relayed (the child counts a relayed copy and the original as one), and this process waits
// for the child to stop its servers instead of dying first.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 130 : 1)));
