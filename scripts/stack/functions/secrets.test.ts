// The functions' secrets file and the verify_jwt settings, read as the Supabase CLI reads them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readVerifyJwt } from './config.ts';
import { parseDotenv, readFunctionSecrets } from './secrets.ts';

let dir: string | undefined;
const scratch = () => (dir = mkdtempSync(join(tmpdir(), 'functions-settings-')));
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('readFunctionSecrets', () => {
  it('reads the committed defaults and lets the git-ignored .env override them', () => {
    const folder = scratch();
    writeFileSync(join(folder, '.env.example'), '# defaults\nADMIN_EMAILS=admin@example.test\nCOMMERCE_TOKEN=\n');
    writeFileSync(join(folder, '.env'), 'ADMIN_EMAILS="boss@example.test,other@example.test"\n');
    expect(readFunctionSecrets(folder)).toEqual({ ADMIN_EMAILS: 'boss@example.test,other@example.test', COMMERCE_TOKEN: '' });
  });

  it('works with neither file present', () => {
    expect(readFunctionSecrets(scratch())).toEqual({});
  });

  it('gives the repository default administrator address', () => {
    expect(readFunctionSecrets().ADMIN_EMAILS).toContain('admin@lumiere-sacree.test');
  });
});

describe('parseDotenv', () => {
  it('understands export, quotes, comments and blank lines', () => {
    const text = ['', '# comment', 'export A=1', "B='single # kept'", 'C="line\\nbreak"', 'D=plain # trailing comment', 'not a pair', 'E = spaced '].join('\n');
    expect(parseDotenv(text)).toEqual({ A: '1', B: 'single # kept', C: 'line\nbreak', D: 'plain', E: 'spaced' });
  });
});

describe('readVerifyJwt', () => {
  it('is on unless config.toml turns it off for that function', () => {
    const folder = scratch();
    const file = join(folder, 'config.toml');
    writeFileSync(file, '[functions.webhook]\nverify_jwt = false\n\n[functions.strict]\nverify_jwt = true\n');
    const verify = readVerifyJwt(file);
    expect([verify('webhook'), verify('strict'), verify('unlisted')]).toEqual([false, true, true]);
    expect(readVerifyJwt(join(folder, 'missing.toml'))('any')).toBe(true);
  });

  it('refuses a setting that is not a boolean rather than guessing', () => {
    const file = join(scratch(), 'config.toml');
    writeFileSync(file, '[functions.webhook]\nverify_jwt = "false"\n');
    expect(() => readVerifyJwt(file)).toThrow(/verify_jwt must be true or false/);
  });
});
