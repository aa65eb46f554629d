// Renders the PNG app icons from the hand-written SVGs with the Debian Chromium, so the manifest
// has raster icons for browsers that will not install from SVG. Run: npx tsx web/scripts/render-icons.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const iconsDir = fileURLToPath(new URL('../public/icons/', import.meta.url));
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';

const outputs = [
  { svg: 'icon.svg', png: 'icon-192.png', size: 192 },
  { svg: 'icon.svg', png: 'icon-512.png', size: 512 },
  { svg: 'icon-maskable.svg', png: 'icon-maskable-512.png', size: 512 },
  { svg: 'icon.svg', png: 'apple-touch-icon.png', size: 180 },
];

const work = mkdtempSync(join(tmpdir(), 'icons-'));
try {
  for (const { svg, png, size } of outputs) {
    const page = join(work, `${png}.html`);
    const markup = readFileSync(join(iconsDir, svg), 'utf8');
    writeFileSync(page, `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${markup}`);
    execFileSync(chromium, [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--hide-scrollbars',
      '--default-background-color=00000000',
      `--window-size=${size},${size}`,
      `--screenshot=${join(iconsDir, png)}`,
      `file://${page}`,
    ], { stdio: 'ignore' });
    console.log(`wrote ${png}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
