// Access tokens verified once are remembered (keys.ts), but a remembered token is still refused
// as soon as what verified it is no longer trusted, or once it has expired; and a caller that
// changes the claims it got changes nothing for the next request.
import { describe, expect, it } from 'vitest';
import { JwtError, signJwt, verifyAccessToken } from './keys.ts';
import { newSigningKey, publicJwk } from './signing-keys.ts';

const now = Math.floor(Date.now() / 1000);
const claims = () => ({ sub: crypto.randomUUID(), role: 'authenticated', exp: now + 600, app_metadata: { provider: 'email' } });

describe('verifyAccessToken, with tokens it verified before', () => {
  it('refuses an ES256 token once its key is rotated out of the JWKS, though it verified it a moment ago', () => {
    const key = newSigningKey();
    const token = signJwt(claims(), key);
    expect(verifyAccessToken(token, { jwks: [publicJwk(key)], legacySecret: undefined }).role).toBe('authenticated');
    expect(() => verifyAccessToken(token, { jwks: [publicJwk(newSigningKey())], legacySecret: undefined })).toThrow(JwtError);
    expect(() => verifyAccessToken(token, { jwks: [{ ...publicJwk(newSigningKey()), kid: publicJwk(key).kid }], legacySecret: undefined })).toThrow(JwtError);
  });

  it('refuses an HS256 token once the legacy keys are off or the secret changed', () => {
    const token = signJwt(claims(), 'legacy-secret');
    expect(verifyAccessToken(token, { jwks: [], legacySecret: 'legacy-secret' }).role).toBe('authenticated');
    expect(() => verifyAccessToken(token, { jwks: [], legacySecret: undefined })).toThrow(JwtError);
    expect(() => verifyAccessToken(token, { jwks: [], legacySecret: 'another-secret' })).toThrow(JwtError);
  });

  it('refuses a remembered token once it has expired', () => {
    const key = newSigningKey();
    const keys = { jwks: [publicJwk(key)], legacySecret: undefined };
    const token = signJwt({ ...claims(), exp: now + 60 }, key);
    expect(verifyAccessToken(token, keys, now).sub).toBeTypeOf('string');
    expect(() => verifyAccessToken(token, keys, now + 61)).toThrow('JWT expired');
  });

  it('never remembers a token it refused', () => {
    const key = newSigningKey();
    const token = signJwt(claims(), newSigningKey());
    const forged = { jwks: [publicJwk(key)], legacySecret: undefined };
    expect(() => verifyAccessToken(token, forged)).toThrow(JwtError);
    expect(() => verifyAccessToken(token, forged)).toThrow(JwtError);
  });

  it('hands each caller claims of its own', () => {
    const key = newSigningKey();
    const keys = { jwks: [publicJwk(key)], legacySecret: undefined };
    const token = signJwt(claims(), key);
    const first = verifyAccessToken(token, keys);
    first.role = 'service_role';
    expect(verifyAccessToken(token, keys).role).toBe('authenticated');
  });
});
