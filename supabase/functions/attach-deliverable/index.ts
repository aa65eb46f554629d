// attach-deliverable: maps a file the administrator uploaded to a catalogue variant, once its
// content is known to be a PDF, an audio, a video or a ZIP. The page checks the file too, but the
// page is not trusted: here the object's first bytes are read back from Storage (a Range read as
// the caller, whose policy lets administrators read the bucket) and recognised, and only then does
// the service role call `attach_variant_file`, which no signed-in user may execute. The object's
// eTag goes with the mapping, so bytes replaced after this read are refused by the database.
// The upload: `/admin/products`, resumable, to a new path `products/<variant>/<upload id>/<file
// name>`; a customer is refused (403) before anything is read. The first 64 bytes are read and
// recognised by _shared/file-signature.ts, which the page runs first for a quick message.
// `attach_variant_file` (migration 20261126120000_variant_files_admin.sql) rechecks that the caller
// is an administrator, locks the object's row, requires the eTag read here (409 otherwise) and the
// stored type to be what the bytes are (415), then switches the variant's mapping: a forged client
// can upload anything to a new path, but cannot sell it. Why a function: the database never sees
// an object's bytes, and a Storage webhook would check after the fact. The answer names the
// previous object and whether an order item or another variant still points to it; when nothing
// does, the page deletes it (the storage policy refuses to delete or overwrite an object an order
// item or a variant points to).
import { limitBody } from '../_shared/body-limit.ts';
import { preflight } from '../_shared/cors.ts';
import { errorResponse, HttpError, jsonResponse, readJson } from '../_shared/errors.ts';
import { signatureLength, sniffDeliverable, unsupportedDeliverable } from '../_shared/file-signature.ts';
import { AttachDeliverableBody, parseBody } from '../_shared/schemas.ts';
import { requireAdmin, requireUser } from '../_shared/caller.ts';
import { callerClient, publishableKey, requireEnv, serviceClient } from '../_shared/supabase.ts';

const bucket = 'deliverables';

const encodedPath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** The object's first bytes and its eTag, read as the caller. */
async function leadingBytes(request: Request, path: string): Promise<{ bytes: Uint8Array; eTag: string }> {
  const response = await fetch(`${requireEnv('SUPABASE_URL')}/storage/v1/object/authenticated/${bucket}/${encodedPath(path)}`, {
    headers: {
      Authorization: request.headers.get('Authorization') ?? '',
      apikey: publishableKey(),
      Range: `bytes=0-${signatureLength - 1}`,
    },
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new HttpError(404, 'upload_missing', 'Fichier introuvable', {
      detail: 'Le fichier envoyé est introuvable dans le stockage. Envoyez-le de nouveau.',
      cause: `storage answered ${response.status} for ${path}`,
    });
  }
  const eTag = response.headers.get('ETag');
  // A server that ignores Range sends everything: read only what the signature needs.
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  while (length < signatureLength) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.length;
  }
  await reader.cancel();
  if (!eTag) throw new Error(`storage sent no ETag for ${path}`);
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return { bytes, eTag };
}

const unsupportedFile = () => new HttpError(415, 'unsupported_file', unsupportedDeliverable.title, { detail: unsupportedDeliverable.description });

Deno.serve(limitBody(async (request) => {
  if (request.method === 'OPTIONS') return preflight();
  try {
    const caller = callerClient(request);
    const user = await requireUser(request);
    const { variant_id, object_path } = parseBody(AttachDeliverableBody, await readJson(request));
    await requireAdmin(caller, user.id);

    const { bytes, eTag } = await leadingBytes(request, object_path);
    const deliverable = sniffDeliverable(bytes);
    if (!deliverable) throw unsupportedFile();

    const { data, error } = await serviceClient()
      .rpc('attach_variant_file', {
        p_admin_id: user.id,
        p_variant_id: variant_id,
        p_object_path: object_path,
        p_file_type: deliverable.kind,
        p_content_type: deliverable.contentType,
        p_etag: eTag,
      })
      .single<{ previous_path: string | null; previous_in_use: boolean }>();
    if (error?.code === 'P0002') {
      throw new HttpError(409, 'upload_changed', 'Fichier modifié', {
        detail: 'Le fichier a changé pendant sa vérification. Envoyez-le de nouveau.',
        cause: error.message,
      });
    }
    if (error?.code === '22023') {
      throw new HttpError(415, 'unsupported_file', 'Type de fichier incohérent', {
        detail: 'Le type déclaré à l’envoi ne correspond pas au contenu du fichier. Envoyez-le de nouveau depuis la page Produits.',
        cause: error.message,
      });
    }
    if (error?.code === '42501') throw new HttpError(403, 'forbidden', 'Réservé aux administrateurs.', { cause: error.message });
    if (error) throw new Error(`attach_variant_file(${variant_id}, ${object_path}): ${error.message}`);

    return jsonResponse({
      variant_id,
      object_path,
      file_type: deliverable.kind,
      content_type: deliverable.contentType,
      previous_path: data.previous_path,
      previous_in_use: data.previous_in_use,
    });
  } catch (error) {
    return errorResponse(error);
  }
}));
