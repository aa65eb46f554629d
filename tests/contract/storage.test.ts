// The unmodified supabase-js Storage client against the local /storage/v1: admins write, a
// granted user signs and downloads (bytes equal, Range slices), everyone else is refused as
// Storage refuses (not found), tokens that are forged, expired, edited or for another object
// are refused, and list/move/copy/remove/info/exists, signed uploads, bucket limits and buckets
// behave as storage-js expects. RLS on storage.objects (the fixture's policies) alone decides.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeClient } from '../../scripts/lib/supabase-client.ts';
import { signJwt } from '../../scripts/stack/keys.ts';
import { startStorageTestStack, type StorageTestStack } from '../../scripts/stack/storage/test-stack.ts';
import { grantRead, installStorageFixture, users } from './support/storage-fixture.ts';

let stack: StorageTestStack;

function storageAs(token?: string, key = stack.anonKey) {
  return nodeClient(stack.url, key, token ? { Authorization: `Bearer ${token}` } : undefined).storage;
}

let admin: ReturnType<typeof storageAs>;
let buyer: ReturnType<typeof storageAs>;
let other: ReturnType<typeof storageAs>;
let anon: ReturnType<typeof storageAs>;
let service: ReturnType<typeof storageAs>;

const teaching = 'teachings/lumière-du-matin.pdf';
const teachingBytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) % 256));

beforeAll(async () => {
  stack = await startStorageTestStack();
  await installStorageFixture(stack.dbUrl);
  await grantRead(stack.dbUrl, users.buyer, teaching);
  admin = storageAs(stack.tokenFor(users.admin));
  buyer = storageAs(stack.tokenFor(users.buyer));
  other = storageAs(stack.tokenFor(users.other));
  anon = storageAs();
  service = storageAs(undefined, stack.serviceRoleKey);
  const { error } = await admin.from('test-private').upload(teaching, teachingBytes, { contentType: 'application/pdf', cacheControl: '60' });
  expect(error).toBeNull();
});

afterAll(async () => {
  await stack?.stop();
});

/** The body storage-api sends with an error, read from the error storage-js returns. */
async function refusal(result: Promise<{ error: unknown }>) {
  const { error } = await result;
  expect(error).not.toBeNull();
  return error as { status?: number; statusCode?: string; message: string };
}

describe('uploads', () => {
  it('answers the path, id and full path, and refuses a second upload unless it upserts', async () => {
    const path = 'notes/first.txt';
    const first = await admin.from('test-private').upload(path, Buffer.from('un'), { contentType: 'text/plain' });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ path, fullPath: `test-private/${path}` });
    expect(first.data!.id).toMatch(/^[0-9a-f-]{36}$/);

    const again = await refusal(admin.from('test-private').upload(path, Buffer.from('deux')));
    expect(again).toMatchObject({ statusCode: '409', message: 'The resource already exists', status: 400 });

    const upserted = await admin.from('test-private').upload(path, Buffer.from('trois'), { upsert: true, contentType: 'text/plain' });
    expect(upserted.error).toBeNull();
    const { data } = await admin.from('test-private').download(path);
    expect(await data!.text()).toBe('trois');

    const updated = await admin.from('test-private').update(path, Buffer.from('quatre'), { contentType: 'text/plain' });
    expect(updated.error).toBeNull();
    expect(await (await admin.from('test-private').download(path)).data!.text()).toBe('quatre');
  });

  it('takes a Blob as multipart form data with its type and cache policy', async () => {
    const path = 'images/pixel.png';
    const { error } = await admin.from('test-private').upload(path, new Blob([Buffer.from('89504e47', 'hex')], { type: 'image/png' }), { cacheControl: '120' });
    expect(error).toBeNull();
    const info = await admin.from('test-private').info(path);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({ name: path, bucketId: 'test-private', size: 4, contentType: 'image/png', cacheControl: 'max-age=120' });
    expect(info.data!.etag).toBe(`"${createHash('md5').update(Buffer.from('89504e47', 'hex')).digest('hex')}"`);
  });

  it('refuses a user who may not write, whether new or an overwrite, and keeps the bytes', async () => {
    for (const client of [buyer, other, anon]) {
      const fresh = await refusal(client.from('test-private').upload('intrus.txt', Buffer.from('x')));
      expect(fresh).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
      const overwrite = await refusal(client.from('test-private').upload(teaching, Buffer.from('x'), { upsert: true }));
      expect(overwrite.statusCode).toMatch(/^40[34]$/);
      await refusal(client.from('test-private').update(teaching, Buffer.from('x')));
    }
    const { data } = await admin.from('test-private').download(teaching);
    expect(Buffer.from(await data!.arrayBuffer()).equals(teachingBytes)).toBe(true);
  });

  it('holds uploads to the bucket size limit and MIME types', async () => {
    const tooBig = await refusal(admin.from('test-limited').upload('big.txt', Buffer.alloc(2048), { contentType: 'text/plain' }));
    expect(tooBig).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    const wrongType = await refusal(admin.from('test-limited').upload('a.pdf', Buffer.from('%PDF'), { contentType: 'application/pdf' }));
    expect(wrongType).toMatchObject({ statusCode: '415', message: 'mime type application/pdf is not supported' });
    const family = await admin.from('test-limited').upload('a.webp', Buffer.from('RIFF'), { contentType: 'image/webp' });
    expect(family.error).toBeNull();
    const noBucket = await refusal(admin.from('nowhere').upload('a.txt', Buffer.from('a')));
    expect(noBucket).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });
});

describe('reading as the permitted user', () => {
  it('downloads with supabase-js and by a signed URL, bytes equal, headers from the metadata', async () => {
    const direct = await buyer.from('test-private').download(teaching);
    expect(direct.error).toBeNull();
    expect(Buffer.from(await direct.data!.arrayBuffer()).equals(teachingBytes)).toBe(true);

    const { data, error } = await buyer.from('test-private').createSignedUrl(teaching, 60);
    expect(error).toBeNull();
    const response = await fetch(data!.signedUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('etag')).toBe(`"${createHash('md5').update(teachingBytes).digest('hex')}"`);
    expect(response.headers.get('last-modified')).toBeTruthy();
    expect(Buffer.from(await response.arrayBuffer()).equals(teachingBytes)).toBe(true);
  });

  it('answers Range with the right slice, 416 past the end, and 304 for a known ETag', async () => {
    const { data } = await buyer.from('test-private').createSignedUrl(teaching, 60);
    const slice = await fetch(data!.signedUrl, { headers: { Range: 'bytes=1000-1999' } });
    expect(slice.status).toBe(206);
    expect(slice.headers.get('content-range')).toBe(`bytes 1000-1999/${teachingBytes.length}`);
    expect(Buffer.from(await slice.arrayBuffer()).equals(teachingBytes.subarray(1000, 2000))).toBe(true);
    const tail = await fetch(data!.signedUrl, { headers: { Range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(teachingBytes.subarray(-10))).toBe(true);
    const beyond = await fetch(data!.signedUrl, { headers: { Range: 'bytes=5000-6000' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${teachingBytes.length}`);
    expect(await beyond.json()).toMatchObject({ statusCode: '416', error: 'invalid_range' });
    const etag = slice.headers.get('etag')!;
    const cached = await fetch(data!.signedUrl, { headers: { 'If-None-Match': etag } });
    expect(cached.status).toBe(304);
  });

  it('names the download in French with RFC 5987 encoding, however the name was encoded', async () => {
    const name = 'Lumière du matin.pdf';
    const encoded = encodeURIComponent(name);
    const viaOption = await buyer.from('test-private').createSignedUrl(teaching, 60, { download: name });
    const plain = await buyer.from('test-private').createSignedUrl(teaching, 60);
    for (const url of [viaOption.data!.signedUrl, `${plain.data!.signedUrl}&download=${encoded}`]) {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename=${encoded}; filename*=UTF-8''${encoded}`);
    }
    const bare = await fetch(`${plain.data!.signedUrl}&download=`);
    expect(bare.headers.get('content-disposition')).toBe('attachment;');
  });

  it('signs several paths, with an error for those it may not read', async () => {
    const { data, error } = await buyer.from('test-private').createSignedUrls([teaching, 'notes/first.txt'], 60);
    expect(error).toBeNull();
    expect(data![0]).toMatchObject({ path: teaching, error: null });
    expect(data![1]).toMatchObject({ path: 'notes/first.txt', signedUrl: null, error: 'Either the object does not exist or you do not have access to it' });
    expect((await fetch(data![0]!.signedUrl!)).status).toBe(200);
  });
});

describe('refusals', () => {
  it('answers another user and anon as if the object did not exist: download, sign, info, exists, list', async () => {
    for (const client of [other, anon]) {
      expect(await refusal(client.from('test-private').download(teaching))).toMatchObject({ status: 400 });
      const signed = await refusal(client.from('test-private').createSignedUrl(teaching, 60));
      expect(signed).toMatchObject({ statusCode: '404', message: 'Object not found' });
      expect(await refusal(client.from('test-private').info(teaching))).toMatchObject({ statusCode: '404' });
      expect((await client.from('test-private').exists(teaching)).data).toBe(false);
      expect((await client.from('test-private').list('teachings')).data).toEqual([]);
      expect((await client.from('test-private').list()).data).toEqual([]);
    }
    const raw = await fetch(`${stack.url}/storage/v1/object/test-private/${teaching}`, { headers: { Authorization: `Bearer ${stack.tokenFor(users.other)}` } });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' });
  });

  it('refuses forged, expired, edited and other-object tokens with Storage errors', async () => {
    const { data } = await buyer.from('test-private').createSignedUrl(teaching, 60);
    const signed = new URL(data!.signedUrl);
    const token = signed.searchParams.get('token')!;
    const at = (path: string, t: string) => fetch(`${stack.url}/storage/v1/object/sign/test-private/${path}?token=${encodeURIComponent(t)}`);
    const bodyOf = async (response: Response) => ({ status: response.status, body: await response.json() });

    const now = Math.floor(Date.now() / 1000);
    const forged = signJwt({ url: `test-private/${teaching}`, scope: 'download', iat: now, exp: now + 60 }, 'not-the-project-secret');
    expect(await bodyOf(await at(encodeURI(teaching), forged))).toEqual({ status: 400, body: { statusCode: '400', code: 'InvalidJWT', error: 'InvalidJWT', message: 'invalid signature' } });

    const expired = signJwt({ url: `test-private/${teaching}`, scope: 'download', iat: now - 120, exp: now - 60 }, stack.jwtSecret);
    expect((await bodyOf(await at(encodeURI(teaching), expired))).body).toMatchObject({ code: 'InvalidJWT', message: 'jwt expired' });

    const [head, , signature] = token.split('.');
    const editedClaims = Buffer.from(JSON.stringify({ url: 'test-private/notes/first.txt', scope: 'download', iat: now, exp: now + 60 })).toString('base64url');
    expect((await bodyOf(await at('notes/first.txt', `${head}.${editedClaims}.${signature}`))).body).toMatchObject({ code: 'InvalidJWT', message: 'invalid signature' });

    expect((await bodyOf(await at('notes/first.txt', token))).body).toMatchObject({ statusCode: '400', code: 'InvalidSignature' });

    const uploadScoped = signJwt({ url: `test-private/${teaching}`, scope: 'upload', iat: now, exp: now + 60 }, stack.jwtSecret);
    expect((await bodyOf(await at(encodeURI(teaching), uploadScoped))).body).toMatchObject({ code: 'InvalidSignature', message: 'Token is not scoped for download' });
    expect((await fetch(data!.signedUrl)).status).toBe(200);
  });

  it('refuses a bad Authorization token outright', async () => {
    const bad = storageAs('not.a.jwt');
    expect(await refusal(bad.from('test-private').download(teaching))).toMatchObject({ status: 400 });
    const response = await fetch(`${stack.url}/storage/v1/object/test-private/${teaching}`, { headers: { Authorization: 'Bearer not.a.jwt' } });
    expect(await response.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
  });
});

describe('managing objects', () => {
  it('lists one level: folders first with id null, then files, with limit, offset, sort and search', async () => {
    for (const name of ['library/b.txt', 'library/a.txt', 'library/c.txt', 'library/deep/x.txt', 'library/other/y.txt']) {
      expect((await admin.from('test-private').upload(name, Buffer.from(name), { contentType: 'text/plain' })).error).toBeNull();
    }
    const { data, error } = await admin.from('test-private').list('library');
    expect(error).toBeNull();
    expect(data!.map((e) => [e.name, e.id === null])).toEqual([
      ['deep', true],
      ['other', true],
      ['a.txt', false],
      ['b.txt', false],
      ['c.txt', false],
    ]);
    expect(data![2]!.metadata).toMatchObject({ size: 13, mimetype: 'text/plain', httpStatusCode: 200 });
    const page = await admin.from('test-private').list('library', { limit: 2, offset: 2, sortBy: { column: 'name', order: 'desc' } });
    expect(page.data!.map((e) => e.name)).toEqual(['c.txt', 'b.txt']);
    const search = await admin.from('test-private').list('library', { search: 'b' });
    expect(search.data!.map((e) => e.name)).toEqual(['b.txt']);
    const root = await admin.from('test-private').list();
    expect(root.data!.map((e) => e.name)).toEqual(['images', 'library', 'notes', 'teachings']);
    expect((await buyer.from('test-private').list('teachings')).data!.map((e) => e.name)).toEqual(['lumière-du-matin.pdf']);
  });

  it('moves, copies, checks and removes as storage-js expects', async () => {
    const bucket = admin.from('test-private');
    await bucket.upload('moves/source.txt', Buffer.from('source'), { contentType: 'text/plain' });
    expect((await bucket.move('moves/source.txt', 'moves/moved.txt')).data).toEqual({ message: 'Successfully moved' });
    expect((await bucket.exists('moves/source.txt')).data).toBe(false);
    expect((await bucket.exists('moves/moved.txt')).data).toBe(true);
    expect((await bucket.copy('moves/moved.txt', 'moves/copy.txt')).data).toEqual({ path: 'test-private/moves/copy.txt' });
    expect(await (await bucket.download('moves/copy.txt')).data!.text()).toBe('source');
    expect(await refusal(bucket.copy('moves/moved.txt', 'moves/copy.txt'))).toMatchObject({ statusCode: '409' });

    expect(await refusal(buyer.from('test-private').move(teaching, 'stolen.pdf'))).toMatchObject({ statusCode: '404' });
    expect(await refusal(other.from('test-private').copy(teaching, 'stolen.pdf'))).toMatchObject({ statusCode: '404' });
    const notMine = await buyer.from('test-private').remove([teaching]);
    expect(notMine).toMatchObject({ data: [], error: null });

    const removed = await bucket.remove(['moves/moved.txt', 'moves/copy.txt', 'moves/never.txt']);
    expect(removed.error).toBeNull();
    expect(removed.data!.map((o) => o.name).sort()).toEqual(['moves/copy.txt', 'moves/moved.txt']);
    expect((await bucket.exists('moves/copy.txt')).data).toBe(false);
    expect((await bucket.list('moves')).data).toEqual([]);
    expect((await buyer.from('test-private').exists(teaching)).data).toBe(true);
  });

  it('makes signed upload URLs only for writers; the token alone then uploads', async () => {
    const refused = await refusal(buyer.from('test-private').createSignedUploadUrl('uploads/by-buyer.txt'));
    expect(refused).toMatchObject({ statusCode: '403' });
    const { data, error } = await admin.from('test-private').createSignedUploadUrl('uploads/by-link.txt');
    expect(error).toBeNull();
    const uploaded = await anon.from('test-private').uploadToSignedUrl('uploads/by-link.txt', data!.token, Buffer.from('par lien'), { contentType: 'text/plain' });
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({ path: 'uploads/by-link.txt', fullPath: 'test-private/uploads/by-link.txt' });
    expect(await (await admin.from('test-private').download('uploads/by-link.txt')).data!.text()).toBe('par lien');
    const elsewhere = await refusal(anon.from('test-private').uploadToSignedUrl('uploads/elsewhere.txt', data!.token, Buffer.from('x')));
    expect(elsewhere).toMatchObject({ statusCode: '400' });
  });
});

describe('buckets', () => {
  it('lists, gets, creates, updates, empties and deletes under RLS', async () => {
    expect((await buyer.listBuckets()).data).toEqual([]);
    expect(await refusal(buyer.createBucket('mine'))).toMatchObject({ statusCode: '403' });
    expect(await refusal(anon.getBucket('test-private'))).toMatchObject({ statusCode: '404', message: 'Bucket not found' });

    expect((await service.createBucket('scratch', { public: false, fileSizeLimit: '1MB', allowedMimeTypes: ['text/plain'] })).data).toEqual({ name: 'scratch' });
    expect((await service.getBucket('scratch')).data).toMatchObject({ id: 'scratch', public: false, file_size_limit: 1_000_000, allowed_mime_types: ['text/plain'] });
    expect((await service.updateBucket('scratch', { public: false, fileSizeLimit: 10 })).data).toEqual({ message: 'Successfully updated' });
    expect((await service.getBucket('scratch')).data!.file_size_limit).toBe(10);
    expect((await service.listBuckets()).data!.map((b) => b.id)).toEqual(['scratch', 'test-limited', 'test-private']);
    await service.from('scratch').upload('a.txt', Buffer.from('a'), { contentType: 'text/plain' });
    expect(await refusal(service.deleteBucket('scratch'))).toMatchObject({ statusCode: '409' });
    expect((await service.emptyBucket('scratch')).data).toEqual({ message: 'Successfully emptied' });
    expect((await service.deleteBucket('scratch')).data).toEqual({ message: 'Successfully deleted' });
    expect(await refusal(service.createBucket('bad/name'))).toMatchObject({ statusCode: '400', message: 'Bucket name invalid' });
  });
});
