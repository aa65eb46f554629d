// attach-deliverable against the local stack: an administrator's upload is mapped to its variant
// only once its first bytes, read back from Storage, are a format the shop delivers; a file whose
// name lies (text called .pdf), a customer, and a path elsewhere are refused; a replacement
// reports the previous file and whether an order still points to it.
import assert from 'node:assert/strict';
import { callFunction, type Customer, service, signUpAdmin, signUpCustomer } from './helpers.ts';
import { makePdf } from './pdf_fixtures.ts';

/** Uploads as the administrator, as the page does (the storage policy lets administrators write). */
async function upload(admin: Customer, variantId: string, name: string, bytes: Uint8Array, contentType: string): Promise<string> {
  const path = `products/${variantId}/${crypto.randomUUID()}/${name}`;
  const { error } = await admin.client.storage.from('deliverables').upload(path, bytes, { contentType });
  if (error) throw new Error(`uploading ${path}: ${error.message}`);
  return path;
}

async function mappingOf(variantId: string) {
  const { data, error } = await service.from('product_files').select('object_path, file_type, content_type').eq('variant_id', variantId).maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

const attach = (caller: Customer, variantId: string, objectPath: string) =>
  callFunction('attach-deliverable', { variant_id: variantId, object_path: objectPath }, caller.token);

Deno.test('a PDF is attached, then replaced by an MP3 under a neutral name; the unsold earlier file is reported free', async () => {
  const admin = await signUpAdmin();
  const variantId = `var_attach_${crypto.randomUUID().slice(0, 8)}`;
  const first = await upload(admin, variantId, 'enseignement.pdf', await makePdf([{}]), 'application/pdf');
  const attached = await attach(admin, variantId, first);
  assert.equal(attached.status, 200, JSON.stringify(attached.body));
  assert.deepEqual(attached.body, { variant_id: variantId, object_path: first, file_type: 'pdf', content_type: 'application/pdf', previous_path: null, previous_in_use: false });
  assert.deepEqual(await mappingOf(variantId), { object_path: first, file_type: 'pdf', content_type: 'application/pdf' });

  // An MP3 frame header under a neutral name: the bytes decide, not the name.
  const mp3 = new Uint8Array(4096);
  mp3.set([0xff, 0xfb, 0x90, 0x64]);
  const second = await upload(admin, variantId, 'piste', mp3, 'audio/mpeg');
  const replaced = await attach(admin, variantId, second);
  assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
  assert.equal(replaced.body.file_type, 'audio');
  assert.equal(replaced.body.previous_path, first);
  assert.equal(replaced.body.previous_in_use, false);
  assert.deepEqual(await mappingOf(variantId), { object_path: second, file_type: 'audio', content_type: 'audio/mpeg' });
});

Deno.test('a text file named .pdf and a file stored under a type its bytes are not are refused in French, and nothing is mapped', async () => {
  const admin = await signUpAdmin();
  const variantId = `var_attach_${crypto.randomUUID().slice(0, 8)}`;
  const forged = await upload(admin, variantId, 'enseignement.pdf', new TextEncoder().encode('Ceci n’est pas un PDF.'), 'application/pdf');
  const refused = await attach(admin, variantId, forged);
  assert.equal(refused.status, 415);
  assert.equal(refused.body.error.code, 'unsupported_file');
  assert.equal(refused.body.error.message, 'Format de fichier non pris en charge');

  const mislabelled = await upload(admin, variantId, 'video.mp4', await makePdf([{}]), 'video/mp4');
  const inconsistent = await attach(admin, variantId, mislabelled);
  assert.equal(inconsistent.status, 415);
  assert.equal(inconsistent.body.error.message, 'Type de fichier incohérent');
  assert.equal(await mappingOf(variantId), null);
});

Deno.test('a customer, a missing object and a path outside products/ are refused', async () => {
  const admin = await signUpAdmin();
  const customer = await signUpCustomer('customer');
  const variantId = `var_attach_${crypto.randomUUID().slice(0, 8)}`;
  const path = await upload(admin, variantId, 'enseignement.pdf', await makePdf([{}]), 'application/pdf');

  const asCustomer = await attach(customer, variantId, path);
  assert.equal(asCustomer.status, 403);
  assert.equal(asCustomer.body.error.code, 'forbidden');
  const missing = await attach(admin, variantId, `products/${variantId}/absent.pdf`);
  assert.equal(missing.status, 404);
  assert.equal(missing.body.error.code, 'upload_missing');
  const elsewhere = await attach(admin, variantId, `buyers/${admin.user.id}/x.pdf`);
  assert.equal(elsewhere.status, 400);
  assert.equal(await mappingOf(variantId), null);
});

