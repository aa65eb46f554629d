// What an upload is doing, under the variant's file: the progress bar while bytes go (with the
// pause of a dropped connection), the server's check, and a refusal in French.
import { Button } from '@/components/ui/button';
import { formatFileSize } from '@/features/admin/lib/file-size';
import { percentSent, type UploadState } from '@/features/admin/lib/upload-state';

export function UploadStatus({ state, onDismiss }: { state: UploadState; onDismiss: () => void }) {
  switch (state.step) {
    case 'idle':
    case 'done':
      return null;
    case 'checking':
      return <p role="status" className="text-sm text-mist">Lecture de « {state.fileName} »…</p>;
    case 'uploading': {
      const percent = percentSent(state.sent, state.total);
      return (
        <div className="space-y-1">
          <div
            role="progressbar"
            aria-label={`Envoi de « ${state.fileName} »`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent} %`}
            className="h-2 overflow-hidden rounded-full bg-plum-100"
          >
            <div className="h-full rounded-full bg-plum-700 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p role="status" className="text-sm text-mist">
            {state.reconnecting
              ? `Connexion perdue : l’envoi reprendra dès son retour (${percent} % envoyés).`
              : `${percent} % · ${formatFileSize(state.sent)} sur ${formatFileSize(state.total)}`}
          </p>
        </div>
      );
    }
    case 'verifying':
      return <p role="status" className="text-sm text-mist">Vérification du contenu de « {state.fileName} »…</p>;
    case 'failed':
      return (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">{state.title}</p>
          <p>{state.description}</p>
          <Button variant="link" size="inline" onClick={onDismiss}>
            Fermer
          </Button>
        </div>
      );
  }
}
