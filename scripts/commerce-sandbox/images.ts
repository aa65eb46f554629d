// Product images drawn as SVG: a warm gradient, a flower-of-life pattern and the title.
// Deterministic per product and image number, so the catalogue needs no binary assets.
const palettes = [
  ['#3b1f5c', '#c99a3b'],
  ['#4a235a', '#e0b35a'],
  ['#2d1b4e', '#d4a24c'],
  ['#5b2a4e', '#f0c36d'],
  ['#1f2a5c', '#c9a23b'],
] as const;

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function flowerOfLife(cx: number, cy: number, r: number): string {
  const circles = [`<circle cx="${cx}" cy="${cy}" r="${r}"/>`];
  for (let ring = 1; ring <= 2; ring++) {
    for (let k = 0; k < 6 * ring; k++) {
      const angle = (Math.PI * 2 * k) / (6 * ring);
      circles.push(`<circle cx="${(cx + Math.cos(angle) * r * ring).toFixed(1)}" cy="${(cy + Math.sin(angle) * r * ring).toFixed(1)}" r="${r}"/>`);
    }
  }
  return circles.join('');
}

/** An 800×800 SVG for image `n` of the product titled `title`. */
export function productImageSvg(slug: string, title: string, n: number): string {
  const h = hash(`${slug}/${n}`);
  const [dark, gold] = palettes[h % palettes.length]!;
  const radius = 60 + (h % 5) * 8;
  const words = title.split(' ');
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last && `${last} ${word}`.length <= 22) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const text = lines
    .map((line, i) => `<text x="400" y="${640 + i * 52 - (lines.length - 1) * 26}" text-anchor="middle">${escapeXml(line)}</text>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800" role="img" aria-label="${escapeXml(title)}">
<defs><radialGradient id="g" cx="50%" cy="38%" r="75%"><stop offset="0" stop-color="${gold}" stop-opacity="0.9"/><stop offset="0.55" stop-color="${dark}"/><stop offset="1" stop-color="#120a1f"/></radialGradient></defs>
<rect width="800" height="800" fill="url(#g)"/>
<g fill="none" stroke="${gold}" stroke-opacity="0.55" stroke-width="2">${flowerOfLife(400, 300, radius)}</g>
<circle cx="400" cy="300" r="${radius * 2.6}" fill="none" stroke="#fff6e0" stroke-opacity="0.35" stroke-width="1.5"/>
<g fill="#fff6e0" font-family="Georgia, 'DejaVu Serif', serif" font-size="44">${text}</g>
</svg>
`;
}
