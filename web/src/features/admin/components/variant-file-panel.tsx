// A variant's deliverable on the products page: the file (name, type, size, upload date) or the
// missing-file warning, and the administrator's actions: send a file, replace it (every buyer then
// receives the new version), remove it, and mark it « Lecture en ligne uniquement »; a video's
// streaming and subtitles below it.
import { AlertTriangle, FileCheck2, Upload } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { UploadStatus } from '@/features/admin/components/upload-status';
import { VideoMediaPanel } from '@/features/admin/components/video-media-panel';
import { useRemoveVariantFile } from '@/features/admin/api/remove-variant-file';
import { useSetFileOnlineOnly } from '@/features/admin/api/set-file-online-only';
import { useVariantFileUpload } from '@/features/admin/hooks/use-variant-file-upload';
import { fileNameOf } from '@/features/admin/lib/deliverable-path';
import { messageOf, onlineOnlyFailed, removeFailed } from '@/features/admin/lib/file-messages';
import { formatFileSize } from '@/features/admin/lib/file-size';
import { isBusy } from '@/features/admin/lib/upload-state';
import { fileTypeLabel, type VariantFileStatus } from '@/features/admin/lib/variant-file-status';
import { toast } from '@/lib/toast-store';

/** What the file picker offers; the content, not this list, decides. */
const accepted = 'application/pdf,audio/*,video/*,application/zip,.pdf,.mp3,.m4a,.ogg,.oga,.opus,.wav,.flac,.mp4,.m4v,.mov,.webm,.mkv,.avi,.zip';

const uploadedAt = (iso: string) => new Date(iso).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short' });

function OnlineOnlySwitch({ variantId, onlineOnly }: { variantId: string; onlineOnly: boolean }) {
  const id = useId();
  const setOnlineOnly = useSetFileOnlineOnly();
  // The value asked for shows from the click itself, until the list has been read again: the
  // mutation's pending state reaches the render a task later, and React would meanwhile put the
  // box back as the list had it.
  const [requested, setRequested] = useState<boolean | null>(null);
  return (
    <div className="flex items-start gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        className="mt-1 h-4 w-4 accent-plum-700"
        checked={requested ?? onlineOnly}
        disabled={requested !== null}
        aria-describedby={`${id}-help`}
        onChange={(event) => {
          const wanted = event.target.checked;
          setRequested(wanted);
          setOnlineOnly.mutate(
            { variantId, onlineOnly: wanted },
            {
              onError: (error) => toast({ variant: 'destructive', ...messageOf(error, onlineOnlyFailed) }),
              onSettled: () => setRequested(null),
            },
          );
        }}
      />
      <span>
        <label htmlFor={id} className="font-medium text-ink">
          Lecture en ligne uniquement
        </label>
        <span id={`${id}-help`} className="block text-mist">
          Les acheteurs lisent ou écoutent ce fichier dans leur bibliothèque, sans bouton « Télécharger ».
        </span>
      </span>
    </div>
  );
}

function AttachedFile({ status }: { status: Extract<VariantFileStatus, { state: 'attached' }> }) {
  const { file } = status;
  return (
    <div className="flex items-start gap-3">
      <FileCheck2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" />
      <dl className="min-w-0 text-sm">
        <dt className="sr-only">Nom du fichier</dt>
        <dd className="break-all font-medium text-ink">{fileNameOf(file.object_path)}</dd>
        <dt className="sr-only">Type</dt>
        <dd className="text-mist">{fileTypeLabel(file)}</dd>
        <dt className="sr-only">Taille</dt>
        <dd className="text-mist">{file.size_bytes === null ? 'Taille inconnue' : formatFileSize(file.size_bytes)}</dd>
        <dt className="sr-only">Date d’envoi</dt>
        <dd className="text-mist">{file.uploaded_at ? `Envoyé le ${uploadedAt(file.uploaded_at)}` : 'Fichier introuvable dans le stockage'}</dd>
      </dl>
    </div>
  );
}

export function VariantFilePanel({ variantId, label, status }: { variantId: string; label: string; status: VariantFileStatus }) {
  const inputId = useId();
  const { state, upload, dismiss } = useVariantFileUpload(variantId);
  const remove = useRemoveVariantFile();
  const [confirming, setConfirming] = useState(false);
  const busy = isBusy(state) || remove.isPending;

  useEffect(() => {
    if (state.step === 'done') toast({ title: 'Fichier enregistré', description: `« ${state.fileName} » est maintenant livré aux acheteurs de ${label}.` });
  }, [state, label]);

  const confirmRemoval = () =>
    remove.mutate(variantId, {
      onSuccess: () => toast({ title: 'Fichier retiré', description: 'Les acheteurs précédents conservent leur fichier.' }),
      onError: (error) => toast({ variant: 'destructive', ...messageOf(error, removeFailed) }),
      onSettled: () => setConfirming(false),
    });

  return (
    <div className="space-y-3">
      {status.state === 'attached' ? (
        <>
          <AttachedFile status={status} />
          <OnlineOnlySwitch variantId={variantId} onlineOnly={status.file.online_only} />
          {status.file.file_type === 'video' ? <VideoMediaPanel sourcePath={status.file.object_path} /> : null}
        </>
      ) : status.state === 'missing' ? (
        <p className="flex items-start gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            <strong>Fichier manquant.</strong> Cette variante est en vente, mais ses acheteurs ne recevraient aucun fichier.
          </span>
        </p>
      ) : (
        <p className="text-sm text-mist">Aucun fichier.</p>
      )}

      <UploadStatus state={state} onDismiss={dismiss} />

      {confirming ? (
        <div role="group" aria-label="Confirmer le retrait" className="space-y-2 rounded-2xl border border-plum-100 bg-plum-50/50 p-3 text-sm">
          <p>Retirer ce fichier ? Les prochains acheteurs ne le recevront plus ; ceux qui l’ont déjà acheté le gardent.</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="destructive" size="sm" onClick={confirmRemoval} disabled={remove.isPending} aria-busy={remove.isPending}>
              Confirmer le retrait
            </Button>
            <Button variant="outline" size="sm" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              Annuler
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={inputId}
            className={buttonVariants({
              variant: 'outline',
              size: 'sm',
              className: `cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-gold-500 ${busy ? 'pointer-events-none opacity-50' : ''}`,
            })}
          >
            <Upload aria-hidden="true" className="h-4 w-4" />
            {status.state === 'attached' ? 'Remplacer le fichier' : 'Envoyer un fichier'}
            <input
              id={inputId}
              type="file"
              accept={accepted}
              className="sr-only"
              disabled={busy}
              onChange={(event) => {
                const file = event.target.files?.[0];
                // The same file chosen again (to resume) must fire a change next time too.
                event.target.value = '';
                if (file) void upload(file);
              }}
            />
          </label>
          {status.state === 'attached' ? (
            <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} disabled={busy}>
              Retirer le fichier
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}
