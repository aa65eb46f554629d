// The project's asymmetric JWT signing key, as hosted projects now sign access tokens: ES256
// (P-256), kept in the Supabase CLI's `signing_keys_path` format (a JSON array of private JWKs,
// what `supabase gen signing-key --algorithm ES256` writes), and its public half as the JWKS
// that GoTrue serves at /auth/v1/.well-known/jwks.json.
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A private ES256 JWK, one entry of the CLI's signing keys file. */
export interface SigningKey {
  kty: 'EC';
  crv: 'P-256';
  kid: string;
  alg: 'ES256';
  use: 'sig';
  key_ops: string[];
  ext: boolean;
  x: string;
  y: string;
  d: string;
}

/** The public half, as a JWKS lists it. */
export type PublicJwk = Omit<SigningKey, 'd'>;

export function newSigningKey(): SigningKey {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' }) as { x: string; y: string; d: string };
  return { kty: 'EC', crv: 'P-256', kid: randomUUID(), alg: 'ES256', use: 'sig', key_ops: ['sign', 'verify'], ext: true, x: jwk.x, y: jwk.y, d: jwk.d };
}

export function publicJwk(key: SigningKey): PublicJwk {
  const { d: _private, ...rest } = key;
  return { ...rest, key_ops: ['verify'] };
}

/** The document served at /auth/v1/.well-known/jwks.json. */
export function jwksOf(keys: SigningKey[]): { keys: PublicJwk[] } {
  return { keys: keys.map(publicJwk) };
}

const privateKeys = new WeakMap<SigningKey, KeyObject>();
// A project has one or two signing keys at a time (rotation): the map stays that small.
const publicKeys = new Map<string, KeyObject>();

export function privateKeyObject(key: SigningKey): KeyObject {
  let object = privateKeys.get(key);
  if (!object) privateKeys.set(key, (object = createPrivateKey({ key: { kty: key.kty, crv: key.crv, x: key.x, y: key.y, d: key.d }, format: 'jwk' })));
  return object;
}

/** By the key's coordinates: callers rebuild the JWK object (publicJwk) for each request. */
export function publicKeyObject(key: PublicJwk): KeyObject {
  const coordinates = `${key.x}.${key.y}`;
  let object = publicKeys.get(coordinates);
  if (!object) publicKeys.set(coordinates, (object = createPublicKey({ key: { kty: key.kty, crv: key.crv, x: key.x, y: key.y }, format: 'jwk' })));
  return object;
}

function isSigningKey(value: unknown): value is SigningKey {
  const key = value as Partial<SigningKey> | null;
  return typeof key === 'object' && key !== null && key.kty === 'EC' && key.crv === 'P-256' && key.alg === 'ES256' && [key.kid, key.x, key.y, key.d].every((v) => typeof v === 'string' && v !== '');
}

/** Reads a signing keys file (the CLI's format); the first key signs. */
export function readSigningKeys(file: string): SigningKey[] {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every(isSigningKey)) {
    throw new Error(`${file} is not a signing keys file (a JSON array of ES256 private JWKs, as \`supabase gen signing-key --algorithm ES256\` writes)`);
  }
  return parsed;
}

/** The development stack's signing key, made on the first start and kept in a git-ignored file. */
export function persistentSigningKey(file: string): SigningKey {
  if (existsSync(file)) return readSigningKeys(file)[0]!;
  const key = newSigningKey();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify([key], null, 2) + '\n', { mode: 0o600 });
  return key;
}
