import { describe, expect, it } from 'vitest';
import { renderHtaccess } from './apache.ts';
import { sitePolicy } from './site-policy.ts';

const policy = sitePolicy({ VITE_SUPABASE_URL: 'https://abcdefgh.supabase.co', VITE_COMMERCE_API_URL: 'https://api.boutique.example' });
const htaccess = renderHtaccess(policy);
const lines = htaccess.split('\n');

describe('renderHtaccess', () => {
  it('sends every security header on every answer, quoted for Apache', () => {
    for (const [name, value] of Object.entries(policy.securityHeaders)) expect(lines).toContain(`Header always set ${name} "${value}"`);
    const withQuote = renderHtaccess({ ...policy, securityHeaders: { 'X-Test': 'a "b" \\c' } });
    expect(withQuote).toContain('Header always set X-Test "a \\"b\\" \\\\c"');
  });

  it('caches hashed assets for a year and revalidates HTML, the service worker and the manifest, on successful answers only', () => {
    expect(htaccess).toContain('<If "%{REQUEST_URI} =~ m#^/assets/#">\n  Header set Cache-Control "public, max-age=31536000, immutable"\n</If>');
    expect(htaccess).toContain('<FilesMatch "\\.html$">\n  Header set Cache-Control "no-cache"\n</FilesMatch>');
    expect(htaccess).toContain(`<If "%{REQUEST_URI} == '/sw.js'">\n  Header set Cache-Control "no-cache"\n</If>`);
    expect(htaccess).toContain(`<If "%{REQUEST_URI} == '/manifest.webmanifest'">\n  Header set Cache-Control "no-cache"\n</If>`);
  });

  it('serves a file, then a folder with its index.html, keeps missing assets 404, and falls back to the app last', () => {
    const rewrites = lines.filter((line) => line.startsWith('Rewrite'));
    expect(rewrites).toEqual([
      'RewriteEngine On',
      'RewriteBase /',
      'RewriteCond %{REQUEST_FILENAME} -f',
      'RewriteRule ^ - [L]',
      'RewriteCond %{REQUEST_FILENAME} -d',
      'RewriteCond %{REQUEST_FILENAME}/index.html -f',
      'RewriteRule ^(.*?)/?$ $1/index.html [L]',
      'RewriteRule ^assets/ - [L]',
      'RewriteRule ^ /shell.html [L]',
    ]);
    expect(lines).toContain('Options -Indexes');
    expect(lines).toContain('DirectorySlash Off');
  });

  it('names the types nosniff needs', () => {
    expect(lines).toContain('AddType application/manifest+json .webmanifest');
    expect(lines).toContain('AddType text/javascript .mjs');
  });
});
