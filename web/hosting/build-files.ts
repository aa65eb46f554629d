// Writes the hosts' configuration into the build output: `.htaccess` (Apache, LiteSpeed) and
// `_headers` + `_redirects` (Netlify, Cloudflare Pages), all from the one site policy and the
// build's environment (the origins its Content-Security-Policy lists).
import { copyFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { renderHtaccess } from './apache.ts';
import type { HostingEnv } from './content-security-policy.ts';
import { renderHeadersFile, renderRedirectsFile } from './netlify.ts';
import { appShellPath, sitePolicy } from './site-policy.ts';

export function hostingFiles(env: HostingEnv): Record<string, string> {
  const policy = sitePolicy(env);
  return { '.htaccess': renderHtaccess(policy), _headers: renderHeadersFile(policy), _redirects: renderRedirectsFile(policy) };
}

/** The Vite plugin: at the end of `vite build`, next to index.html, with the fallback's copy of it. */
export function hostingConfiguration(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'shop-hosting-configuration',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      copyFileSync(join(outDir, 'index.html'), join(outDir, appShellPath));
      for (const [name, contents] of Object.entries(hostingFiles(config.env as unknown as HostingEnv))) writeFileSync(join(outDir, name), contents);
    },
  };
}
