// Hosted Supabase refuses a function's outgoing connections to ports 25 and 587, so a function
// that mails over SMTP passes locally and fails live. This scan fails, naming the file and line,
// when anything under supabase/functions opens a raw socket, imports an SMTP client or names an
// SMTP port; the shop's mail goes through _shared/mail.ts (an HTTP API) instead.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, supabaseDir } from '../../lib/paths.ts';

const smtpSigns: Array<{ what: string; pattern: RegExp }> = [
  { what: 'a raw socket (Deno.connect, Deno.connectTls, Deno.startTls)', pattern: /\bDeno\s*\.\s*(?:connect|connectTls|startTls)\b/ },
  { what: "Node's socket modules (node:net, node:tls)", pattern: /['"`](?:node:)?(?:net|tls)['"`]/ },
  { what: 'an SMTP client package', pattern: /['"`](?:npm:|jsr:|https?:\/\/)?[^'"`\s]*(?:nodemailer|smtp|denomailer|emailjs)[^'"`\s]*['"`]/i },
  { what: 'an SMTP port (25, 465, 587)', pattern: /\bport\s*[:=]\s*['"]?(?:25|465|587)\b|:(?:25|465|587)(?=['"`/])/i },
];
const sourceFile = /\.(?:[cm]?[jt]sx?|json)$/;

/** Every SMTP sign in the sources below `dir`, as `file:line: what`. */
function smtpUses(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !sourceFile.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        for (const { what, pattern } of smtpSigns) if (pattern.test(line)) found.push(`${relative(repoRoot, file)}:${index + 1}: ${what}`);
      });
  }
  return found;
}

describe('no SMTP under supabase/functions', () => {
  it('finds no function that opens a socket, uses an SMTP client or names an SMTP port', () => {
    expect(smtpUses(join(supabaseDir, 'functions'))).toEqual([]);
  });

  it('names each way a function could speak SMTP, and passes HTTP mail', () => {
    const dir = mkdtempSync(join(tmpdir(), 'no-smtp-'));
    try {
      mkdirSync(join(dir, 'notify'));
      const files: Record<string, string> = {
        'notify/raw.ts': "const conn = await Deno.connect({ hostname: 'smtp.example.com', port: 25 });",
        'notify/tls.ts': 'await Deno.connectTls({ hostname: host, port });',
        'notify/upgrade.ts': 'const secure = await Deno.startTls(conn);',
        'notify/node.ts': "import { connect } from 'node:net';\nimport tls from 'node:tls';",
        'notify/nodemailer.ts': "import nodemailer from 'npm:nodemailer@6';",
        'notify/deno.json': '{ "imports": { "smtp": "npm:smtp-client@1" } }',
        'notify/url.ts': "const relay = 'mail.example.com:587';",
        'notify/http.ts': "// No SMTP here: an HTTP API.\nawait fetch('https://api.resend.com/emails', { method: 'POST' });",
      };
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
      const named = smtpUses(dir).map((use) => use.replace(/^.*no-smtp-[^/]+\//, ''));
      expect(named).toEqual(
        expect.arrayContaining([
          'notify/raw.ts:1: a raw socket (Deno.connect, Deno.connectTls, Deno.startTls)',
          'notify/raw.ts:1: an SMTP client package',
          'notify/raw.ts:1: an SMTP port (25, 465, 587)',
          'notify/tls.ts:1: a raw socket (Deno.connect, Deno.connectTls, Deno.startTls)',
          'notify/upgrade.ts:1: a raw socket (Deno.connect, Deno.connectTls, Deno.startTls)',
          "notify/node.ts:1: Node's socket modules (node:net, node:tls)",
          "notify/node.ts:2: Node's socket modules (node:net, node:tls)",
          'notify/nodemailer.ts:1: an SMTP client package',
          'notify/deno.json:1: an SMTP client package',
          'notify/url.ts:1: an SMTP port (25, 465, 587)',
        ]),
      );
      expect(named.filter((use) => use.startsWith('notify/http.ts'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
