// supabase/config.toml's [auth.email] as the local stack reads it, and the French templates it
// points at rendered with GoTrue's variables; a template or setting the stack cannot honour stops
// the start instead of sending something else.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseGoTemplate, renderGoTemplate } from './go-template.ts';
import { readAuthMailSettings, templateNames } from './mail-settings.ts';

const variables = {
  SiteURL: 'http://127.0.0.1:5173',
  ConfirmationURL: 'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=signup&redirect_to=http%3A%2F%2F127.0.0.1%3A5173',
  Email: 'claire@example.test',
  NewEmail: 'claire.martin@example.test',
  Token: '123456',
  TokenHash: 'abc',
  Data: { full_name: 'Claire <Martin>' },
  RedirectTo: 'http://127.0.0.1:5173',
};

describe("the project's [auth.email]", () => {
  const settings = readAuthMailSettings();

  it('turns confirmations on with GoTrue\'s one-minute interval, as hosted Supabase has them', () => {
    expect(settings.enableConfirmations).toBe(true);
    expect(settings.maxFrequencySeconds).toBe(60);
  });

  it.each(templateNames)('renders the %s template in French, every value in place and escaped', (name) => {
    const { subject, body } = settings.templates[name];
    expect(subject).toMatch(/[a-zé]/);
    expect(subject).not.toMatch(/Confirm your|Reset Your|Magic Link|You have been invited/i);
    const html = renderGoTemplate(body, variables);
    expect(html).toContain('Lumière Sacrée');
    expect(html).toContain('123456');
    expect(html).toContain('claire@example.test');
    expect(html).not.toContain('{{');
    if (name !== 'reauthentication') expect(html).toContain(`href="${variables.ConfirmationURL.replaceAll('&', '&amp;')}"`);
  });
});

describe('the Go template subset', () => {
  it('renders nested data, escaped, a missing key as nothing, drops comments and trims around {{- -}}', () => {
    const template = parseGoTemplate('<p>Bonjour {{ .Data.full_name }} ({{.Data.city}}) {{/* note */}}</p>\n  {{- .Token -}}  \n!', 't');
    expect(renderGoTemplate(template, variables)).toBe('<p>Bonjour Claire &lt;Martin&gt; () </p>123456!');
  });

  it.each(['{{ if .Token }}x{{ end }}', '{{ .Token | html }}', '{{ printf "%s" .Token }}'])('refuses %s when the template is read', (source) => {
    expect(() => parseGoTemplate(source, 'custom.html')).toThrow(/custom\.html: the local mailer renders only fields/);
  });
});

describe('a config the stack cannot honour', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'mail-settings-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  function configWith(email: string): string {
    const dir = mkdtempSync(join(scratch, 'project-'));
    mkdirSync(join(dir, 'supabase'));
    writeFileSync(join(dir, 'supabase/config.toml'), `[auth.email]\n${email}\n`);
    return join(dir, 'supabase/config.toml');
  }

  it('stops on a mistyped setting or a template without its file', () => {
    expect(() => readAuthMailSettings(configWith('enable_confirmations = "yes"'))).toThrow(/enable_confirmations must be true or false/);
    expect(() => readAuthMailSettings(configWith('max_frequency = 60'))).toThrow(/max_frequency must be a duration/);
    expect(() => readAuthMailSettings(configWith('[auth.email.template.confirmation]\nsubject = "x"'))).toThrow(/needs a subject and a content_path/);
  });
});
