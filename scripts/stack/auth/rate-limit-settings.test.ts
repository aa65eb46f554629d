// `[auth.rate_limit]` read as the Supabase CLI reads it: the project's values, the CLI's defaults
// for what is missing, and a refusal of what the CLI would refuse.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliDefaultRateLimits, gotrueDefaultEmailSent, readAuthRateLimits } from './rate-limit-settings.ts';

const withSmtp = '[auth.email.smtp]\nenabled = true\n';

const scratch = mkdtempSync(join(tmpdir(), 'auth-limits-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function configFile(text: string): string {
  const file = join(mkdtempSync(join(scratch, 'project-')), 'config.toml');
  writeFileSync(file, text);
  return file;
}

describe('[auth.rate_limit]', () => {
  it("holds the CLI's defaults in this project's config.toml; its mails, sent without custom SMTP, get GoTrue's 30 an hour", () => {
    expect(readAuthRateLimits()).toEqual({ ...cliDefaultRateLimits, emailSent: gotrueDefaultEmailSent });
    expect(cliDefaultRateLimits).toEqual({ signInSignUps: 30, tokenRefresh: 150, tokenVerifications: 30, emailSent: 2 });
  });

  it("takes the CLI's default for a missing file, section or key", () => {
    expect(readAuthRateLimits(join(tmpdir(), 'no-such-folder', 'config.toml'))).toEqual({ ...cliDefaultRateLimits, emailSent: gotrueDefaultEmailSent });
    expect(readAuthRateLimits(configFile(`[auth]\nenabled = true\n${withSmtp}`))).toEqual(cliDefaultRateLimits);
    expect(readAuthRateLimits(configFile(`[auth.rate_limit]\ntoken_refresh = 600\nemail_sent = 0\n${withSmtp}`))).toEqual({ ...cliDefaultRateLimits, tokenRefresh: 600, emailSent: 0 });
  });

  it('applies email_sent only with a custom SMTP server, as the CLI passes it to GoTrue', () => {
    expect(readAuthRateLimits(configFile('[auth.rate_limit]\nemail_sent = 5\n')).emailSent).toBe(gotrueDefaultEmailSent);
    expect(readAuthRateLimits(configFile('[auth.rate_limit]\nemail_sent = 5\n[auth.email.smtp]\nenabled = false\n')).emailSent).toBe(gotrueDefaultEmailSent);
    expect(readAuthRateLimits(configFile(`[auth.rate_limit]\nemail_sent = 5\n${withSmtp}`)).emailSent).toBe(5);
  });

  it('refuses a value that is not a whole number ≥ 0', () => {
    for (const value of ['"30"', '-1', '2.5']) {
      expect(() => readAuthRateLimits(configFile(`[auth.rate_limit]\nsign_in_sign_ups = ${value}\n`))).toThrow(/sign_in_sign_ups must be a whole number/);
    }
  });
});
