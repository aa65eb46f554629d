import { describe, expect, it } from 'vitest';
import { hostingFiles } from './build-files.ts';
import { renderHeadersFile, renderRedirectsFile } from './netlify.ts';
import { sitePolicy } from './site-policy.ts';

const env = { VITE_SUPABASE_URL: 'https://abcdefgh.supabase.co', VITE_COMMERCE_API_URL: 'https://api.boutique.example' };
const policy = sitePolicy(env);

/** `_headers` as path → header lines. */
function blocks(text: string): Map<string, string[]> {
  const result = new Map<string, string[]>();
  let current: string[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('/')) result.set(line, (current = []));
    else if (line.startsWith('  ')) current.push(line.trim());
  }
  return result;
}

describe('renderHeadersFile', () => {
  it('gives every path the security headers and the cache rules to their paths', () => {
    const headers = blocks(renderHeadersFile(policy));
    expect(headers.get('/*')).toEqual(Object.entries(policy.securityHeaders).map(([name, value]) => `${name}: ${value}`));
    expect(headers.get('/assets/*')).toEqual(['Cache-Control: public, max-age=31536000, immutable']);
    for (const path of ['/', '/index.html', '/sw.js', '/manifest.webmanifest']) expect(headers.get(path), path).toEqual(['Cache-Control: no-cache']);
    expect([...headers.keys()]).toHaveLength(6);
  });
});

describe('renderRedirectsFile', () => {
  it('keeps missing assets 404 and sends every other unknown path to the app', () => {
    expect(renderRedirectsFile(policy).split('\n').filter((line) => line && !line.startsWith('#'))).toEqual(['/assets/*  /assets/:splat  404', '/*  /shell.html  200']);
  });
});

describe('hostingFiles', () => {
  it('writes the three files from the one policy', () => {
    const files = hostingFiles(env);
    expect(Object.keys(files).sort()).toEqual(['.htaccess', '_headers', '_redirects']);
    const csp = policy.securityHeaders['Content-Security-Policy']!;
    expect(files['.htaccess']).toContain(csp);
    expect(files._headers).toContain(csp);
  });
});
