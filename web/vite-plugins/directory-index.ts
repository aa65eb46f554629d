// `vite preview` serves a pre-rendered page's folder at its route, as the production host does
// (it serves an existing file, else a folder's index.html, before its fallback, the app's bare
// shell): `/store` answers dist/store/index.html and `/product/<id>` dist/product/<id>/index.html,
// so the browser journeys and the benchmark get the HTML crawlers get, and any other route of the
// app (`/login`, `/dashboard/orders`) the shell, never the pre-rendered home page. Vite alone only
// tries `/store.html` and `/store/index.html` for `/store/`, then falls back to index.html.
import { existsSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';
import { appShellPath } from '../hosting/site-policy.ts';

export function directoryIndex(): Plugin {
  return {
    name: 'directory-index',
    configurePreviewServer(server) {
      const outDir = resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req, _res, next) => {
        const [path = '', query] = (req.url ?? '').split('?', 2);
        if ((req.method === 'GET' || req.method === 'HEAD') && path !== '/' && !path.endsWith('/') && extname(path) === '') {
          let folder: string | undefined;
          try {
            folder = resolve(join(outDir, decodeURIComponent(path)));
          } catch {
            folder = undefined;
          }
          if (folder?.startsWith(outDir + sep) && existsSync(join(folder, 'index.html'))) {
            req.url = `${path}/index.html${query === undefined ? '' : `?${query}`}`;
          } else if (!(folder !== undefined && existsSync(folder)) && existsSync(join(outDir, appShellPath))) {
            req.url = `${appShellPath}${query === undefined ? '' : `?${query}`}`;
          }
        }
        next();
      });
    },
  };
}
