// All the keys of one local project, and what the services derive from them: the ES256 signing
// key and the opaque publishable and secret API keys (today's), the JWT secret and the anon and
// service-role JWT keys (legacy, accepted only while `settings.legacyKeys` is on, the dashboard's
// "legacy API keys" switch).
import { join } from 'node:path';
import { newOpaqueApiKeys, persistentOpaqueApiKeys, publishablePrefix, secretPrefix } from './api-keys.ts';
import type { StackContext } from './context.ts';
import { apiKeys, newJwtSecret, persistentJwtSecret, signJwt, type AccessTokenKeys } from './keys.ts';
import { newSigningKey, persistentSigningKey, publicJwk, type PublicJwk, type SigningKey } from './signing-keys.ts';

export interface ProjectKeys {
  signingKey: SigningKey;
  publishableKey: string;
  secretKey: string;
  /** Legacy: the HS256 secret (it also signs Storage's signed-URL tokens), and the JWT API keys. */
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
}

export function newProjectKeys(): ProjectKeys {
  const jwtSecret = newJwtSecret();
  return { signingKey: newSigningKey(), ...newOpaqueApiKeys(), jwtSecret, ...apiKeys(jwtSecret) };
}

/** A persistent stack's keys, made on its first start beside its other local secrets. */
export function persistentProjectKeys(stateDir: string): ProjectKeys {
  const jwtSecret = persistentJwtSecret(join(stateDir, 'jwt-secret'));
  return {
    signingKey: persistentSigningKey(join(stateDir, 'signing_keys.json')),
    ...persistentOpaqueApiKeys(join(stateDir, 'api-keys.json')),
    jwtSecret,
    ...apiKeys(jwtSecret),
  };
}

type KeysContext = Pick<StackContext, 'signingKey' | 'jwtSecret' | 'settings'>;

/** Each signing key's public half, made once: REST asks for it at every request. */
const publicHalves = new WeakMap<SigningKey, PublicJwk>();

function publicHalf(key: SigningKey): PublicJwk {
  let half = publicHalves.get(key);
  if (!half) publicHalves.set(key, (half = publicJwk(key)));
  return half;
}

/** What access tokens are verified against now (the legacy switch is read at each call). */
export function accessTokenKeys(context: KeysContext): AccessTokenKeys {
  return { jwks: [publicHalf(context.signingKey)], legacySecret: context.settings.legacyKeys ? context.jwtSecret : undefined };
}

export type ApiKeyRole = 'anon' | 'service_role';

export interface ResolvedApiKey {
  role: ApiKeyRole;
  /** An opaque key, which the gateway swaps for a short-lived JWT of its role. */
  opaque: boolean;
}

export const isOpaqueApiKey = (key: string) => key.startsWith(publishablePrefix) || key.startsWith(secretPrefix);

/** The role an API key stands for, or undefined for an unknown key (or a legacy one while they are off). */
export function resolveApiKey(context: Pick<StackContext, 'publishableKey' | 'secretKey' | 'anonKey' | 'serviceRoleKey' | 'settings'>, key: string): ResolvedApiKey | undefined {
  if (key === context.publishableKey) return { role: 'anon', opaque: true };
  if (key === context.secretKey) return { role: 'service_role', opaque: true };
  if (!context.settings.legacyKeys) return undefined;
  if (key === context.anonKey) return { role: 'anon', opaque: false };
  if (key === context.serviceRoleKey) return { role: 'service_role', opaque: false };
  return undefined;
}

const mintedLifetime = 300;
const minted = new WeakMap<SigningKey, Map<ApiKeyRole, { token: string; until: number }>>();

/** The short-lived JWT the gateway hands a service in place of an opaque key, as the platform does. */
export function mintedRoleToken(signingKey: SigningKey, role: ApiKeyRole, now = Math.floor(Date.now() / 1000)): string {
  let byRole = minted.get(signingKey);
  if (!byRole) minted.set(signingKey, (byRole = new Map()));
  const cached = byRole.get(role);
  if (cached && cached.until > now) return cached.token;
  const token = signJwt({ iss: 'supabase', role, iat: now, exp: now + mintedLifetime }, signingKey);
  byRole.set(role, { token, until: now + mintedLifetime - 60 });
  return token;
}
