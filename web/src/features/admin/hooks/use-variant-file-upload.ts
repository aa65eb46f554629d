// One variant's upload, from the chosen file to the file attached: the quick check of its first
// bytes, the resumable upload with its progress, the server's check and attachment, then the
// replaced file's object deleted when nobody bought it. The page only asks; Storage's policies
// and attach-deliverable decide.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { adminKeys } from '@/features/admin/api/admin-keys';
import { attachVariantFile, deleteUnusedObject } from '@/features/admin/api/attach-variant-file';
import { checkChosenFile } from '@/features/admin/lib/check-chosen-file';
import { attachFailed, messageOf, unsupportedFile, uploadFailureMessage } from '@/features/admin/lib/file-messages';
import { startResumableUpload, type ResumableUpload } from '@/features/admin/lib/resumable-upload';
import { idleUpload, uploadReducer } from '@/features/admin/lib/upload-state';
import { supabase } from '@/lib/supabase';

async function accessToken(): Promise<string> {
  // getSession refreshes an expired token first.
  const { data } = await supabase.auth.getSession();
  if (!data.session) throw new Error('signed out during an upload');
  return data.session.access_token;
}

/** The HTTP status a failed upload ended on (0 when the connection itself failed). */
const statusOf = (error: unknown) =>
  (error as { originalResponse?: { getStatus(): number } | null } | null)?.originalResponse?.getStatus() ?? 0;

export function useVariantFileUpload(variantId: string) {
  const [state, dispatch] = useReducer(uploadReducer, idleUpload);
  const queryClient = useQueryClient();
  const running = useRef<ResumableUpload | null>(null);

  // Leaving the page stops sending; the upload resumes when the same file is chosen again.
  useEffect(() => () => running.current?.abort(), []);

  const upload = useCallback(
    async (file: File) => {
      dispatch({ type: 'chosen', fileName: file.name });
      const deliverable = await checkChosenFile(file);
      if (!deliverable) {
        dispatch({ type: 'refused', ...unsupportedFile });
        return;
      }

      dispatch({ type: 'started', total: file.size });
      let resumable: ResumableUpload;
      try {
        resumable = await startResumableUpload({
          file,
          variantId,
          contentType: deliverable.contentType,
          accessToken,
          onProgress: (sent, total) => dispatch({ type: 'progress', sent, total }),
          onConnectionLost: () => dispatch({ type: 'connection-lost' }),
        });
        running.current = resumable;
        await resumable.done;
      } catch (error) {
        console.error(`Uploading ${file.name} failed:`, error);
        dispatch({ type: 'failed', ...uploadFailureMessage(statusOf(error)) });
        return;
      } finally {
        running.current = null;
      }

      dispatch({ type: 'uploaded' });
      try {
        const attached = await attachVariantFile(variantId, resumable.objectPath);
        if (attached.previous_path && !attached.previous_in_use) await deleteUnusedObject(attached.previous_path);
        await queryClient.invalidateQueries({ queryKey: adminKeys.variantFiles });
        dispatch({ type: 'attached' });
      } catch (error) {
        // Refused or lost: the upload is nobody's file (the policy keeps it if it was attached after all).
        await deleteUnusedObject(resumable.objectPath);
        dispatch({ type: 'failed', ...messageOf(error, attachFailed) });
      }
    },
    [variantId, queryClient],
  );

  const dismiss = useCallback(() => dispatch({ type: 'dismissed' }), []);
  return { state, upload, dismiss };
}
