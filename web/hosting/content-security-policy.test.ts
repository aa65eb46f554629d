import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, cspDirectives } from './content-security-policy.ts';

const hosted = { VITE_SUPABASE_URL: 'https://abcdefgh.supabase.co', VITE_COMMERCE_API_URL: 'https://api.boutique.example/v1' };

describe('cspDirectives', () => {
  it('lists exactly the shop, its Supabase project over https and wss, and the commerce service', () => {
    const csp = cspDirectives(hosted);
    expect(csp['connect-src']).toEqual(["'self'", 'https://abcdefgh.supabase.co', 'wss://abcdefgh.supabase.co', 'https://api.boutique.example', 'blob:']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'https://api.boutique.example', 'https://abcdefgh.supabase.co']);
    expect(csp['media-src']).toEqual(["'self'", 'https://abcdefgh.supabase.co', 'blob:']);
    expect(csp['worker-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toEqual(["'none'"]);
  });

  it('closes framing, plugins and the base URL, and never allows inline or evaluated scripts', () => {
    const csp = cspDirectives({ ...hosted, VITE_CAPTCHA_PROVIDER: 'hcaptcha', VITE_CAPTCHA_SITE_KEY: 'site-key' });
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    for (const source of csp['script-src']!) expect(source).not.toMatch(/unsafe/);
  });

  it('takes a local http stack over ws, and image origins apart from the API', () => {
    const csp = cspDirectives({ VITE_SUPABASE_URL: 'http://127.0.0.1:54321', VITE_COMMERCE_API_URL: 'http://127.0.0.1:54330', VITE_COMMERCE_IMAGE_ORIGINS: ' https://cdn.boutique.example/img  https://images.example ' });
    expect(csp['connect-src']).toEqual(["'self'", 'http://127.0.0.1:54321', 'ws://127.0.0.1:54321', 'http://127.0.0.1:54330', 'blob:']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'http://127.0.0.1:54330', 'https://cdn.boutique.example', 'https://images.example', 'http://127.0.0.1:54321']);
  });

  it('reads the shop\'s own catalogue through Supabase alone: no commerce origin to connect to, its images from the project\'s Storage and no wider', () => {
    const shop = cspDirectives({ ...hosted, VITE_CATALOGUE_SOURCE: 'shop' });
    expect(shop['connect-src']).toEqual(["'self'", 'https://abcdefgh.supabase.co', 'wss://abcdefgh.supabase.co', 'blob:']);
    expect(shop['img-src']).toEqual(["'self'", 'data:', 'https://api.boutique.example', 'https://abcdefgh.supabase.co']);
    const alone = cspDirectives({ VITE_SUPABASE_URL: hosted.VITE_SUPABASE_URL, VITE_CATALOGUE_SOURCE: 'shop' });
    expect(alone['connect-src']).toEqual(["'self'", 'https://abcdefgh.supabase.co', 'wss://abcdefgh.supabase.co', 'blob:']);
    expect(alone['img-src']).toEqual(["'self'", 'data:', 'https://abcdefgh.supabase.co']);
    expect(() => cspDirectives({ VITE_SUPABASE_URL: hosted.VITE_SUPABASE_URL })).toThrow(/VITE_COMMERCE_API_URL/);
  });

  it("lets the configured captcha provider's script and frame in, and only with a site key", () => {
    expect(cspDirectives({ ...hosted, VITE_CAPTCHA_PROVIDER: 'turnstile' })['script-src']).toEqual(["'self'"]);
    const turnstile = cspDirectives({ ...hosted, VITE_CAPTCHA_SITE_KEY: '0x4AAAA' });
    expect(turnstile['script-src']).toEqual(["'self'", 'https://challenges.cloudflare.com']);
    expect(turnstile['frame-src']).toEqual(['https://challenges.cloudflare.com']);
    const hcaptcha = cspDirectives({ ...hosted, VITE_CAPTCHA_PROVIDER: 'hcaptcha', VITE_CAPTCHA_SITE_KEY: 'site-key' });
    expect(hcaptcha['script-src']).toEqual(["'self'", 'https://hcaptcha.com', 'https://*.hcaptcha.com']);
    expect(hcaptcha['connect-src']).toContain('https://*.hcaptcha.com');
  });

  it('refuses a build whose URLs are not absolute http(s) URLs', () => {
    expect(() => cspDirectives({ ...hosted, VITE_SUPABASE_URL: 'abcdefgh.supabase.co' })).toThrow(/VITE_SUPABASE_URL/);
    expect(() => cspDirectives({ ...hosted, VITE_COMMERCE_API_URL: 'ftp://api.boutique.example' })).toThrow(/VITE_COMMERCE_API_URL/);
    expect(() => cspDirectives({ ...hosted, VITE_SUPABASE_URL: undefined as unknown as string })).toThrow(/VITE_SUPABASE_URL/);
  });
});

describe('contentSecurityPolicy', () => {
  it('joins the directives as one header value', () => {
    const header = contentSecurityPolicy(hosted);
    expect(header).toMatch(/^default-src 'self'; script-src 'self'; /);
    expect(header).toContain("; frame-ancestors 'none'; object-src 'none'; base-uri 'self'; ");
    expect(header).not.toMatch(/[\n"]/);
  });
});
