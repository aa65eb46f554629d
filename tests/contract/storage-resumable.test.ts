// Resumable uploads over TUS 1.0.0 at /storage/v1/upload/resumable, spoken with node:http as
// tus-js-client speaks it: an admin uploads a 100 MB video, the connection drops mid-PATCH, HEAD
// says where the upload stands and the rest follows from there; the object row appears only when
// the last byte does, and the bytes read back equal. Non-writers are refused at creation.
import { createHash, randomBytes } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeClient } from '../../scripts/lib/supabase-client.ts';
import { startStorageTestStack, type StorageTestStack } from '../../scripts/stack/storage/test-stack.ts';
import { grantRead, installStorageFixture, users } from './support/storage-fixture.ts';

let stack: StorageTestStack;
const video = 'rituals/rituel-de-lumière.mp4';
const size = 100 * 1024 * 1024;
const block = randomBytes(1024 * 1024);

/** The video's bytes from `start` (exclusive `end`), made as they are needed: never the whole file in memory. */
function* videoBytes(start: number, end: number): Generator<Buffer> {
  for (let at = start; at < end; ) {
    const within = at % block.length;
    const length = Math.min(block.length - within, end - at);
    const chunk = Buffer.from(block.subarray(within, within + length));
    const round = Math.floor(at / block.length) & 0xff;
    for (let i = 0; i < chunk.length; i++) chunk[i] = (chunk[i]! + round) & 0xff;
    yield chunk;
    at += length;
  }
}

function bytesOf(start: number, end: number): Buffer {
  return Buffer.concat([...videoBytes(start, end)]);
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One TUS request; `body` chunks are written with backpressure; `dropAfter` destroys the socket once that many bytes are sent. */
function tus(method: string, url: string, headers: Record<string, string | number>, body?: Iterable<Buffer>, dropAfter?: number): Promise<Answer | 'dropped'> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { 'Tus-Resumable': '1.0.0', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', (error) => (dropAfter !== undefined ? resolve('dropped') : reject(error)));
    const chunks = body?.[Symbol.iterator]();
    let sent = 0;
    const pump = () => {
      for (;;) {
        if (dropAfter !== undefined && sent >= dropAfter) return req.destroy();
        const next = chunks?.next();
        if (!next || next.done) return req.end();
        sent += next.value.length;
        if (!req.write(next.value)) return req.once('drain', pump);
      }
    };
    pump();
  });
}

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

beforeAll(async () => {
  stack = await startStorageTestStack();
  await installStorageFixture(stack.dbUrl);
  await grantRead(stack.dbUrl, users.buyer, video);
});

afterAll(async () => {
  await stack?.stop();
});

const endpoint = () => `${stack.url}/storage/v1/upload/resumable`;
const auth = (userId: string) => ({ Authorization: `Bearer ${stack.tokenFor(userId)}` });

describe('resumable uploads', () => {
  it('announces TUS 1.0.0 on OPTIONS', async () => {
    const response = await fetch(endpoint(), { method: 'OPTIONS' });
    expect(response.headers.get('tus-resumable')).toBe('1.0.0');
    expect(response.headers.get('tus-version')).toBe('1.0.0');
    expect(response.headers.get('tus-extension')).toContain('creation');
  });

  it('takes 100 MB across a dropped connection, then serves the same bytes', async () => {
    const admin = auth(users.admin);
    const created = (await tus('POST', endpoint(), {
      ...admin,
      'Upload-Length': size,
      'Upload-Metadata': metadata({ bucketName: 'test-private', objectName: video, contentType: 'video/mp4', cacheControl: '3600' }),
    })) as Answer;
    expect(created.status).toBe(201);
    const location = created.headers.location!;
    expect(location).toMatch(/\/storage\/v1\/upload\/resumable\/[\w-]+$/);

    const patchHeaders = { ...admin, 'Content-Type': 'application/offset+octet-stream' };
    expect(await tus('PATCH', location, { ...patchHeaders, 'Upload-Offset': 0 }, videoBytes(0, size), 40 * 1024 * 1024)).toBe('dropped');

    const head = (await tus('HEAD', location, admin)) as Answer;
    expect(head.status).toBe(200);
    expect(Number(head.headers['upload-length'])).toBe(size);
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(40 * 1024 * 1024);

    const buyer = nodeClient(stack.url, stack.anonKey, auth(users.buyer)).storage.from('test-private');
    expect((await buyer.exists(video)).data).toBe(false);

    const wrongOffset = (await tus('PATCH', location, { ...patchHeaders, 'Upload-Offset': 0 }, [Buffer.from('x')])) as Answer;
    expect(wrongOffset.status).toBe(409);

    const finished = (await tus('PATCH', location, { ...patchHeaders, 'Upload-Offset': offset }, videoBytes(offset, size))) as Answer;
    expect(finished.status).toBe(204);
    expect(Number(finished.headers['upload-offset'])).toBe(size);

    const info = await buyer.info(video);
    expect(info.data).toMatchObject({ size, contentType: 'video/mp4', cacheControl: 'max-age=3600' });
    const { data } = await buyer.createSignedUrl(video, 60);
    const across = await fetch(data!.signedUrl, { headers: { Range: `bytes=${offset - 1000}-${offset + 999}` } });
    expect(across.status).toBe(206);
    expect(Buffer.from(await across.arrayBuffer()).equals(bytesOf(offset - 1000, offset + 1000))).toBe(true);

    const expected = createHash('md5');
    for (const chunk of videoBytes(0, size)) expected.update(chunk);
    const whole = await fetch(data!.signedUrl);
    const actual = createHash('md5');
    let length = 0;
    for await (const chunk of whole.body!) {
      actual.update(chunk);
      length += chunk.length;
    }
    const md5 = expected.digest('hex');
    expect(length).toBe(size);
    expect(actual.digest('hex')).toBe(md5);
    expect(whole.headers.get('etag')).toBe(`"${md5}"`);
  });

  it('refuses non-writers at creation, a taken name without x-upsert, and a bucket it does not know', async () => {
    const create = (headers: Record<string, string>, objectName: string, bucketName = 'test-private') =>
      tus('POST', endpoint(), { ...headers, 'Upload-Length': 10, 'Upload-Metadata': metadata({ bucketName, objectName }) }) as Promise<Answer>;
    for (const headers of [auth(users.buyer), auth(users.other), {}]) {
      const refused = await create(headers, 'rituals/intrus.mp4');
      expect(refused.status).toBe(403);
      expect(refused.body).toBe('new row violates row-level security policy');
    }
    expect((await create(auth(users.admin), video)).status).toBe(409);
    const upsert = (await tus('POST', endpoint(), {
      ...auth(users.admin),
      'x-upsert': 'true',
      'Upload-Length': 0,
      'Upload-Metadata': metadata({ bucketName: 'test-private', objectName: 'rituals/vide.mp4' }),
    })) as Answer;
    expect(upsert.status).toBe(201);
    expect((await create(auth(users.admin), 'x.mp4', 'nowhere')).status).toBe(404);
  });
});
