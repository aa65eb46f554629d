// Passwords as GoTrue stores and checks them: bcrypt (cost 10, Go's DefaultCost), at most 72
// bytes (bcrypt's limit), at least 6 characters (GoTrue's and the Supabase CLI's default).
import bcrypt from 'bcryptjs';
import { randomBytes } from 'node:crypto';
import { AuthHttpError, validationFailed } from './errors.ts';

export const minPasswordLength = 6;
const maxPasswordBytes = 72;
const bcryptCost = 10;
const bcryptHash = /^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/;

export interface WeakPassword {
  message: string;
  reasons: string[];
}

/** GoTrue's checkPasswordStrength without the optional character-set and HIBP rules. */
export function weakness(password: string): WeakPassword | undefined {
  if ([...password].length < minPasswordLength) {
    return { message: `Password should be at least ${minPasswordLength} characters.`, reasons: ['length'] };
  }
  return undefined;
}

/** Throws what GoTrue answers for a password it refuses to store. */
export function assertStrongPassword(password: string): void {
  if (Buffer.byteLength(password) > maxPasswordBytes) {
    throw validationFailed(`Password cannot be longer than ${maxPasswordBytes} characters`);
  }
  const weak = weakness(password);
  if (weak) throw new AuthHttpError(422, 'weak_password', weak.message, weak.reasons);
}

export async function hashPassword(password: string): Promise<string> {
  if (Buffer.byteLength(password) > maxPasswordBytes) {
    throw validationFailed(`Password cannot be longer than ${maxPasswordBytes} characters`);
  }
  return bcrypt.hash(password, bcryptCost);
}

/** False for a missing or non-bcrypt hash (GoTrue treats those as "no password"). */
export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !bcryptHash.test(hash)) return false;
  return bcrypt.compare(password, hash);
}

export function isBcryptHash(hash: string): boolean {
  return bcryptHash.test(hash);
}

const alphanumeric = 'abcdefghijklmnopqrstuvwxyz234567';

/** GoTrue's SecureAlphanumeric: lower-case base32 of random bytes (refresh tokens use 12). */
export function secureAlphanumeric(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += alphanumeric[byte & 31];
  return out;
}

/** The random password GoTrue gives an admin-created user who was given none. */
export function randomPassword(): string {
  return randomBytes(48).toString('base64url');
}
