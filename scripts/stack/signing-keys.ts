// The project's asymmetric JWT signing key, as hosted projects now sign access tokens: ES256
// (P-256) by default, kept in the Supabase CLI's `signing_keys_path` format (a JSON array of
// private JWKs, what `supabase gen signing-key --algorithm ES256` writes), and its public half as
// the JWKS that GoTrue serves at /auth/v1/.well-known/jwks.json. An RS256 key (`--algorithm
// RS256`, the other algorithm the CLI and GoTrue accept) is read and used the same way.
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, type JsonWebKeyInput, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A private ES256 JWK, one entry of the CLI's signing keys file. */
export interface EcSigningKey {
  kty: 'EC';
  crv: 'P-256';
  kid: string;
  alg: 'ES256';
  use?: 'sig';
  key_ops: string[];
  ext?: boolean;
  x: string;
  y: string;
  d: string;
}

/** A private RS256 JWK, as `supabase gen signing-key --algorithm RS256` writes it. */
export interface RsaSigningKey {
  kty: 'RSA';
  kid: string;
  alg: 'RS256';
  use?: 'sig';
  key_ops: string[];
  ext?: boolean;
  n: string;
  e: string;
  d: string;
  p: string;
  q: string;
  dp: string;
  dq: string;
  qi: string;
}

export type SigningKey = EcSigningKey | RsaSigningKey;

/** The public half, as a JWKS lists it. */
export type PublicJwk = Omit<EcSigningKey, 'd'> | Omit<RsaSigningKey, 'd' | 'p' | 'q' | 'dp' | 'dq' | 'qi'>;

const privateParts = ['d', 'p', 'q', 'dp', 'dq', 'qi'] as const;

export function newSigningKey(): EcSigningKey {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' }) as { x: string; y: string; d: string };
  return { kty: 'EC', crv: 'P-256', kid: randomUUID(), alg: 'ES256', use: 'sig', key_ops: ['sign', 'verify'], ext: true, x: jwk.x, y: jwk.y, d: jwk.d };
}

export function publicJwk(key: SigningKey): PublicJwk {
  const rest: Record<string, unknown> = { ...key };
  for (const part of privateParts) delete rest[part];
  return { ...(rest as PublicJwk), key_ops: ['verify'] };
}

/** The JWK members node:crypto reads a key from (no kid, alg or key_ops). */
function keyMaterial(key: SigningKey | PublicJwk, withPrivate: boolean): JsonWebKeyInput['key'] {
  const material: JsonWebKeyInput['key'] = key.kty === 'EC' ? { kty: key.kty, crv: key.crv, x: key.x, y: key.y } : { kty: key.kty, n: key.n, e: key.e };
  if (withPrivate) for (const part of privateParts) if (part in key) (material as Record<string, unknown>)[part] = (key as Record<string, unknown>)[part];
  return material;
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
  if (!object) privateKeys.set(key, (object = createPrivateKey({ key: keyMaterial(key, true), format: 'jwk' })));
  return object;
}

/** A public key by its id and material: two keys share it only when they are the same key. */
export function publicKeyId(key: PublicJwk): string {
  return key.kty === 'EC' ? `${key.alg}:${key.kid}.${key.x}.${key.y}` : `${key.alg}:${key.kid}.${key.n}.${key.e}`;
}

/** By the key's id and material: callers rebuild the JWK object (publicJwk) for each request. */
export function publicKeyObject(key: PublicJwk): KeyObject {
  const id = publicKeyId(key);
  let object = publicKeys.get(id);
  if (!object) publicKeys.set(id, (object = createPublicKey({ key: keyMaterial(key, false), format: 'jwk' })));
  return object;
}

const strings = (...values: unknown[]) => values.every((v) => typeof v === 'string' && v !== '');

function isSigningKey(value: unknown): value is SigningKey {
  if (typeof value !== 'object' || value === null) return false;
  const key = value as Record<string, unknown>;
  if (key.kty === 'EC') return key.crv === 'P-256' && key.alg === 'ES256' && strings(key.kid, key.x, key.y, key.d);
  return key.kty === 'RSA' && key.alg === 'RS256' && strings(key.kid, key.n, key.e, ...privateParts.map((part) => key[part]));
}

/** Reads a signing keys file (the CLI's format); the first key signs. */
export function readSigningKeys(file: string): SigningKey[] {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every(isSigningKey)) {
    throw new Error(`${file} is not a signing keys file (a JSON array of ES256 or RS256 private JWKs, as \`supabase gen signing-key\` writes)`);
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
