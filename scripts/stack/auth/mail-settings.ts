// The `[auth.email]` section of supabase/config.toml, read as the Supabase CLI hands it to GoTrue:
// whether sign-ups wait for their confirmation, the per-address minimum interval between two mails
// of one kind (SMTP_MAX_FREQUENCY), and the mail templates (subject and content_path, relative to
// the folder that holds supabase/).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse } from 'smol-toml';
import { repoRoot } from '../../lib/paths.ts';
import { parseGoTemplate, type GoTemplate } from './go-template.ts';
import { parseGoDuration } from './identifiers.ts';

/** The CLI's names under `[auth.email.template.*]`. */
export const templateNames = ['confirmation', 'recovery', 'magic_link', 'email_change', 'invite', 'reauthentication'] as const;
export type TemplateName = (typeof templateNames)[number];

export interface MailTemplate {
  subject: string;
  body: GoTemplate;
}

export interface AuthMailSettings {
  /** `enable_confirmations`: sign-ups get no session until confirmed (GoTrue's MAILER_AUTOCONFIRM is its opposite). */
  enableConfirmations: boolean;
  /** `max_frequency`: seconds before another mail of the same kind may go to the same address. */
  maxFrequencySeconds: number;
  templates: Record<TemplateName, MailTemplate>;
}

export const defaultConfigFile = resolve(repoRoot, 'supabase/config.toml');

function section(value: unknown, where: string): Record<string, unknown> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${where} must be a table`);
  return value as Record<string, unknown>;
}

/** Reads the settings; a missing value is the CLI's default, a mistyped or missing template stops the start. */
export function readAuthMailSettings(configFile = defaultConfigFile): AuthMailSettings {
  const config = existsSync(configFile) ? parse(readFileSync(configFile, 'utf8')) : {};
  const email = section(section(config.auth, '[auth]').email, '[auth.email]');
  const confirmations = email.enable_confirmations ?? false;
  if (typeof confirmations !== 'boolean') throw new Error(`${configFile}: [auth.email] enable_confirmations must be true or false`);
  const frequency = email.max_frequency ?? '1s';
  const frequencyMs = typeof frequency === 'string' ? parseGoDuration(frequency) : undefined;
  if (frequencyMs === undefined || frequencyMs < 0) throw new Error(`${configFile}: [auth.email] max_frequency must be a duration such as "60s"`);
  const configured = section(email.template, '[auth.email.template]');
  const projectDir = dirname(dirname(configFile));
  const templates = Object.fromEntries(
    templateNames.map((name) => {
      const entry = section(configured[name], `[auth.email.template.${name}]`);
      if (typeof entry.subject !== 'string' || typeof entry.content_path !== 'string') {
        throw new Error(`${configFile}: [auth.email.template.${name}] needs a subject and a content_path`);
      }
      const path = resolve(projectDir, entry.content_path);
      return [name, { subject: entry.subject, body: parseGoTemplate(readFileSync(path, 'utf8'), path) }];
    }),
  ) as Record<TemplateName, MailTemplate>;
  return { enableConfirmations: confirmations, maxFrequencySeconds: frequencyMs / 1000, templates };
}
