// The server's step of an upload: attach-deliverable reads the object's first bytes back from
// Storage and, when they are a format the shop delivers, maps it to the variant (the page's own
// check is only for a quick message). Rejects with a FileActionError carrying its French text.
import { FunctionsHttpError } from '@supabase/supabase-js';
import { attachFailed, attachFailureMessage, FileActionError } from '@/features/admin/lib/file-messages';
import { supabase } from '@/lib/supabase';

export interface AttachedFile {
  variant_id: string;
  object_path: string;
  file_type: string;
  content_type: string;
  previous_path: string | null;
  previous_in_use: boolean;
}

export async function attachVariantFile(variantId: string, objectPath: string): Promise<AttachedFile> {
  const { data, error } = await supabase.functions.invoke<AttachedFile>('attach-deliverable', { body: { variant_id: variantId, object_path: objectPath } });
  if (error instanceof FunctionsHttpError) {
    const body: unknown = await (error.context as Response).json().catch(() => null);
    throw new FileActionError(attachFailureMessage(body));
  }
  if (error || !data) throw new FileActionError(attachFailed);
  return data;
}

/**
 * Deletes an object nothing points to any more (a replaced or removed file nobody bought, or an
 * upload the server refused). The storage policy refuses any object an order item or a variant
 * points to, so a mistake here cannot take a buyer's file away; a refusal deletes nothing.
 */
export async function deleteUnusedObject(objectPath: string): Promise<void> {
  const { error } = await supabase.storage.from('deliverables').remove([objectPath]);
  // The variant's mapping is already right; an object left behind only costs space.
  if (error) console.error(`Deleting ${objectPath} failed:`, error);
}
