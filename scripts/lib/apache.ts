// A real Apache httpd (Debian's apache2) serving a folder the way shared hosting does: the folder's
// own `.htaccess` decides (AllowOverride All), with mod_rewrite, mod_headers and mod_mime loaded.
// Its configuration, logs and pid live in a temporary folder of its own; no system service is
// touched. Started as root, its workers run as www-data, so the folder must be readable by them.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopProcess, waitForHttp } from './processes.ts';
import type { WebServer } from './web-app.ts';

export const apacheBinary = '/usr/sbin/apache2';
const modules = '/usr/lib/apache2/modules';
const loaded = ['mpm_event', 'authz_core', 'dir', 'mime', 'rewrite', 'headers', 'filter', 'deflate'];

function config(root: string, port: number, dir: string): string {
  const asRoot = process.getuid?.() === 0;
  return [
    `ServerRoot ${dir}`,
    'ServerName 127.0.0.1',
    `Listen 127.0.0.1:${port}`,
    `PidFile ${join(dir, 'httpd.pid')}`,
    `DefaultRuntimeDir ${dir}`,
    `ErrorLog ${join(dir, 'error.log')}`,
    'LogLevel warn',
    ...loaded.map((name) => `LoadModule ${name}_module ${modules}/mod_${name}.so`),
    ...(asRoot ? ['User www-data', 'Group www-data'] : []),
    'TypesConfig /etc/mime.types',
    'AddDefaultCharset utf-8',
    'StartServers 1',
    'ServerTokens Prod',
    // Compressed text, as hosting panels do, so the browser meets what production serves.
    'AddOutputFilterByType DEFLATE text/html text/css text/javascript application/javascript application/json application/manifest+json image/svg+xml',
    `DocumentRoot ${root}`,
    '<Directory />',
    '  AllowOverride None',
    '  Require all denied',
    '</Directory>',
    `<Directory ${root}>`,
    '  AllowOverride All',
    '  Require all granted',
    '</Directory>',
    '<Files ".ht*">',
    '  Require all denied',
    '</Files>',
    '',
  ].join('\n');
}

export async function serveWithApache(options: { root: string; port: number }): Promise<WebServer> {
  if (!existsSync(apacheBinary)) throw new Error(`${apacheBinary} is missing: install Debian's apache2 (npm test installs it)`);
  const dir = mkdtempSync(join(tmpdir(), 'shop-apache-'));
  const configFile = join(dir, 'httpd.conf');
  writeFileSync(configFile, config(options.root, options.port, dir));
  const child: ChildProcess = spawn(apacheBinary, ['-f', configFile, '-DFOREGROUND'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`apache2 exited (${code}): ${readFileSync(join(dir, 'error.log'), { encoding: 'utf8', flag: 'a+' }).trim()}`))),
  );
  exited.catch(() => undefined);
  const url = `http://127.0.0.1:${options.port}`;
  await Promise.race([waitForHttp(url), exited]);
  return {
    url,
    async stop() {
      await stopProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
