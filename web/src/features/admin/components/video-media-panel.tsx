// A product video's streaming on the products page: whether its HLS renditions exist yet (made by
// `npm run media:transcode`; until then buyers play the original), and its subtitle tracks, one per
// language, which the administrator adds from a WebVTT file or removes.
import { Captions, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { useAttachSubtitles, useRemoveSubtitles, useVideoMedia } from '@/features/admin/api/video-media';
import { messageOf, subtitlesFailed, subtitlesRemoveFailed } from '@/features/admin/lib/file-messages';
import { toast } from '@/lib/toast-store';

/** The languages a track can be in, each named in its own language, as the player lists them. */
const languages = [
  { code: 'fr', label: 'Français' },
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
  { code: 'de', label: 'Deutsch' },
  { code: 'it', label: 'Italiano' },
  { code: 'pt', label: 'Português' },
] as const;

export function VideoMediaPanel({ sourcePath }: { sourcePath: string }) {
  const selectId = useId();
  const inputId = useId();
  const media = useVideoMedia(sourcePath);
  const attach = useAttachSubtitles();
  const remove = useRemoveSubtitles();
  const [language, setLanguage] = useState<string>('fr');
  const busy = attach.isPending || remove.isPending;

  const send = (file: File) => {
    const label = languages.find((l) => l.code === language)!.label;
    attach.mutate(
      { sourcePath, language, label, file },
      {
        onSuccess: () => toast({ title: 'Sous-titres enregistrés', description: `Les sous-titres en ${label.toLowerCase()} sont proposés aux acheteurs de cette vidéo.` }),
        onError: (error) => toast({ variant: 'destructive', ...messageOf(error, subtitlesFailed) }),
      },
    );
  };

  return (
    <section aria-label="Diffusion et sous-titres" className="space-y-2 rounded-2xl border border-plum-100 p-3 text-sm">
      <p className="text-mist">
        {media.data === undefined
          ? 'Diffusion : lecture en cours…'
          : media.data.heights
            ? `Diffusion adaptative prête (${media.data.heights.map((h) => `${h}p`).join(', ')}).`
            : 'Diffusion adaptative en attente de conversion : les acheteurs regardent le fichier d’origine.'}
      </p>
      {media.data && media.data.subtitles.length > 0 ? (
        <ul aria-label="Sous-titres" className="space-y-1">
          {media.data.subtitles.map((track) => (
            <li key={track.language} className="flex items-center gap-2">
              <Captions aria-hidden="true" className="h-4 w-4 text-plum-700" />
              <span className="mr-auto">{track.label}</span>
              <Button
                variant="ghost"
                size="sm"
                disabled={busy}
                onClick={() =>
                  remove.mutate(
                    { sourcePath, language: track.language },
                    { onError: (error) => toast({ variant: 'destructive', ...messageOf(error, subtitlesRemoveFailed) }) },
                  )
                }
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                Retirer les sous-titres ({track.label})
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-mist">Aucun sous-titre.</p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={selectId} className="font-medium text-ink">
          Langue
        </label>
        <select id={selectId} value={language} onChange={(event) => setLanguage(event.target.value)} disabled={busy} className="rounded-lg border border-plum-200 bg-white px-2 py-1">
          {languages.map((l) => (
            <option key={l.code} value={l.code}>
              {l.label}
            </option>
          ))}
        </select>
        <label
          htmlFor={inputId}
          className={buttonVariants({
            variant: 'outline',
            size: 'sm',
            className: `cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-gold-500 ${busy ? 'pointer-events-none opacity-50' : ''}`,
          })}
        >
          <Captions aria-hidden="true" className="h-4 w-4" />
          Ajouter des sous-titres (.vtt)
          <input
            id={inputId}
            type="file"
            accept=".vtt,text/vtt"
            className="sr-only"
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) send(file);
            }}
          />
        </label>
      </div>
    </section>
  );
}
