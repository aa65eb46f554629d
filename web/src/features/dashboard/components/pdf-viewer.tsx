// The PDF viewer (its own chunk with pdf.js): one page at a time on a canvas, fitted to the
// width, with page navigation, zoom and the keyboard (←/→ pages, +/− zoom). It opens at the page
// the buyer last reached (on any device), offering to resume there or start again, and saves the
// page as it turns.
import { ChevronLeft, ChevronRight, ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { toDeliveryError, type DeliveryError } from '@/features/dashboard/lib/delivery-errors';
import type { LinkSource } from '@/features/dashboard/lib/link-renewal';
import { ResumePrompt } from '@/features/dashboard/components/resume-prompt';
import { usePositionSaver } from '@/features/dashboard/hooks/use-position-saver';
import { openPdf } from '@/features/dashboard/lib/open-pdf';
import { isResumable, type ReadingPosition } from '@/features/dashboard/lib/reading-position';
import { clampPage, commandForKey, DEFAULT_ZOOM, zoomIn, zoomLabel, zoomOut, ZOOM_LEVELS, type ViewerCommand } from '@/features/dashboard/lib/pdf-controls';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

interface PdfViewerProps {
  source: LinkSource;
  orderItemId: string;
  /** Where the buyer stopped, if anywhere. */
  saved: ReadingPosition | null;
  title: string;
  onFailure(error: DeliveryError): void;
}

/** A keystroke meant for a field or a shortcut of the browser is not the viewer's. */
function isForViewer(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  return !event.ctrlKey && !event.metaKey && !event.altKey && !target?.closest('input, textarea, select, [contenteditable="true"]');
}

/** A page turned is saved within two seconds; flicking through pages makes one save. */
const SAVE_INTERVAL_MS = 2000;

export default function PdfViewer({ source, orderItemId, saved, title, onFailure }: PdfViewerProps) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const savedPage = saved?.unit === 'page' ? saved : null;
  const [page, setPage] = useState(savedPage?.position ?? 1);
  const [offer, setOffer] = useState(savedPage && isResumable(savedPage) ? savedPage : null);
  const { report: savePage } = usePositionSaver(orderItemId, 'page', SAVE_INTERVAL_MS);
  const [zoom, setZoom] = useState(DEFAULT_ZOOM);
  const [renderedPage, setRenderedPage] = useState<number | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const reportRef = useRef(onFailure);
  reportRef.current = onFailure;

  useEffect(() => {
    let open = true;
    const report = (error: unknown) => {
      if (open) void toDeliveryError(error).then((failure) => reportRef.current(failure));
    };
    const opened = openPdf(source, report);
    opened.document.then((loaded) => {
      if (!open) return;
      // A new version may be shorter than the page reached in the previous one.
      setPage((n) => clampPage(n, loaded.numPages));
      setPdf(loaded);
    }, report);
    return () => {
      open = false;
      opened.close();
    };
  }, [source]);

  useEffect(() => {
    if (!pdf) return;
    let current = true;
    let task: RenderTask | null = null;
    const render = async () => {
      const pdfPage = await pdf.getPage(page);
      const canvas = canvasRef.current;
      const frame = frameRef.current;
      if (!current || !canvas || !frame) return;
      const natural = pdfPage.getViewport({ scale: 1 });
      // At 100 % the page fills the frame's width inside its padding (p-4), never beyond twice its size.
      const fitWidth = Math.min((frame.clientWidth - 32) / natural.width, 2);
      const viewport = pdfPage.getViewport({ scale: Math.max(fitWidth, 0.25) * zoom });
      const pixelRatio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * pixelRatio);
      canvas.height = Math.floor(viewport.height * pixelRatio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      task = pdfPage.render({ canvas, viewport, transform: pixelRatio === 1 ? undefined : [pixelRatio, 0, 0, pixelRatio, 0, 0] });
      await task.promise;
      if (current) setRenderedPage(page);
    };
    render().catch((error: unknown) => {
      if (current && (error as Error).name !== 'RenderingCancelledException') void toDeliveryError(error).then((failure) => reportRef.current(failure));
    });
    return () => {
      current = false;
      task?.cancel();
    };
  }, [pdf, page, zoom]);

  const pageCount = pdf?.numPages ?? 0;
  useEffect(() => {
    if (pageCount > 0) savePage(page, pageCount);
  }, [page, pageCount, savePage]);

  const run = (command: ViewerCommand) => {
    if (command === 'previous-page') setPage((n) => clampPage(n - 1, pageCount));
    if (command === 'next-page') setPage((n) => clampPage(n + 1, pageCount));
    if (command === 'zoom-in') setZoom(zoomIn);
    if (command === 'zoom-out') setZoom(zoomOut);
  };
  const runRef = useRef(run);
  runRef.current = run;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const command = commandForKey(event.key);
      if (!command || !isForViewer(event)) return;
      event.preventDefault();
      runRef.current(command);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section aria-label={`Lecteur PDF : ${title}`} className="space-y-4">
      {offer && pdf ? (
        <ResumePrompt
          saved={offer}
          onResume={() => {
            setPage(clampPage(offer.position, pageCount));
            setOffer(null);
          }}
          onRestart={() => {
            setPage(1);
            setOffer(null);
          }}
        />
      ) : null}
      <div role="toolbar" aria-label="Commandes du document" className="flex flex-wrap items-center justify-between gap-3 rounded-full border border-plum-100 bg-white px-4 py-2 shadow-sm">
        <div className="flex items-center gap-2">
          <Button variant="ghost" size="icon" aria-label="Page précédente" disabled={!pdf || page <= 1} onClick={() => run('previous-page')}>
            <ChevronLeft aria-hidden="true" className="h-5 w-5" />
          </Button>
          <span aria-live="polite" className="min-w-24 text-center text-sm font-medium text-plum-900">
            {pdf ? `Page ${page} / ${pageCount}` : 'Page – / –'}
          </span>
          <Button variant="ghost" size="icon" aria-label="Page suivante" disabled={!pdf || page >= pageCount} onClick={() => run('next-page')}>
            <ChevronRight aria-hidden="true" className="h-5 w-5" />
          </Button>
        </div>
        <div className="flex items-center gap-2">
          <Button variant="ghost" size="icon" aria-label="Zoom arrière" disabled={!pdf || zoom <= ZOOM_LEVELS[0]} onClick={() => run('zoom-out')}>
            <ZoomOut aria-hidden="true" className="h-5 w-5" />
          </Button>
          <span className="min-w-14 text-center text-sm text-mist">
            <span className="sr-only">Zoom : </span>
            {zoomLabel(zoom)}
          </span>
          <Button variant="ghost" size="icon" aria-label="Zoom avant" disabled={!pdf || zoom >= ZOOM_LEVELS[ZOOM_LEVELS.length - 1]!} onClick={() => run('zoom-in')}>
            <ZoomIn aria-hidden="true" className="h-5 w-5" />
          </Button>
        </div>
      </div>
      <p className="sr-only">Les flèches gauche et droite changent de page, les touches plus et moins règlent le zoom.</p>
      <div ref={frameRef} tabIndex={0} aria-label="Document" className="relative flex min-h-96 justify-center overflow-auto rounded-3xl bg-sand p-4 focus-visible:outline-2 focus-visible:outline-gold-500">
        {renderedPage === null ? (
          <div className="absolute inset-0 flex items-center justify-center">
            <Spinner label="Chargement du document…" />
          </div>
        ) : null}
        <canvas ref={canvasRef} role="img" aria-label={renderedPage === null ? 'Document en cours de chargement' : `Page ${renderedPage} sur ${pageCount}`} data-rendered-page={renderedPage ?? undefined} className={renderedPage === null ? 'hidden' : 'bg-white shadow-md'} />
      </div>
    </section>
  );
}
