// Validation of what identifies a user, with GoTrue's rules and messages.
import { validationFailed } from './errors.ts';

// github.com/badoux/checkmail's format check, which GoTrue's validateEmail uses.
const emailFormat =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** The lower-cased address, or GoTrue's 400 validation_failed. */
export function validateEmail(email: string): string {
  if (email === '') throw validationFailed('An email address is required');
  if (email.length > 255) throw validationFailed('An email address is too long');
  if (!emailFormat.test(email)) throw validationFailed('Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/** E.164 digits without the '+', as GoTrue stores phone numbers. */
export function validatePhone(phone: string): string {
  const digits = phone.replace(/^\+/, '').replaceAll(' ', '');
  if (!/^[1-9][0-9]{1,14}$/.test(digits)) throw validationFailed('Invalid phone number format (E.164 required)');
  return digits;
}

const uuidFormat = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && uuidFormat.test(value);
}

export const nilUuid = '00000000-0000-0000-0000-000000000000';

const durationUnits: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Go's time.ParseDuration ("24h", "1h30m", "90s"), in milliseconds; undefined when malformed. */
export function parseGoDuration(text: string): number | undefined {
  const match = /^([+-]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|ms|s|m|h))+$/.exec(text);
  if (text === '0') return 0;
  if (!match) return undefined;
  let total = 0;
  for (const part of text.matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/g)) {
    total += Number(part[1]) * durationUnits[part[2]!]!;
  }
  return match[1] === '-' ? -total : total;
}
