// pdf.js on the viewer's links. pdf.js asks for the byte ranges it needs through a range
// transport of ours, so every read goes through readRange: an expired link is renewed and the read
// retried, where pdf.js's own fetch would fail the document. The legacy build carries the
// polyfills pdf.js's modern build leaves to recent browsers; its worker is bundled by Vite and
// served with the app, nothing comes from a CDN.
import { getDocument, GlobalWorkerOptions, PDFDataRangeTransport, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import { readRange, type LinkSource, type RangeRead } from '@/features/dashboard/lib/link-renewal';

GlobalWorkerOptions.workerSrc = workerUrl;

/** pdf.js's own default chunk: the first read is one chunk, so a short PDF arrives in one request. */
const RANGE_CHUNK_SIZE = 65_536;

class RenewingRangeTransport extends PDFDataRangeTransport {
  constructor(
    private readonly source: LinkSource,
    first: RangeRead,
    private readonly signal: AbortSignal,
    private readonly onFailure: (error: unknown) => void,
  ) {
    super(first.total, first.bytes, first.bytes.byteLength >= first.total);
  }

  override requestDataRange(begin: number, end: number): void {
    readRange(this.source, begin, end, { signal: this.signal }).then(
      ({ bytes }) => {
        if (!this.signal.aborted) this.onDataRange(begin, bytes);
      },
      (error: unknown) => {
        if (!this.signal.aborted) this.onFailure(error);
      },
    );
  }
}

export interface OpenedPdf {
  /** Rejects when the first bytes cannot be read or the file is not a PDF. */
  document: Promise<PDFDocumentProxy>;
  close(): void;
}

/** Opens the PDF the source links to; a later read that fails (network, refused renewal) goes to onFailure. */
export function openPdf(source: LinkSource, onFailure: (error: unknown) => void): OpenedPdf {
  const controller = new AbortController();
  let loading: ReturnType<typeof getDocument> | null = null;
  const document = readRange(source, 0, RANGE_CHUNK_SIZE, { signal: controller.signal }).then((first) => {
    if (controller.signal.aborted) throw new DOMException('closed', 'AbortError');
    const range = new RenewingRangeTransport(source, first, controller.signal, onFailure);
    loading = getDocument({ range, rangeChunkSize: RANGE_CHUNK_SIZE, disableAutoFetch: true, disableStream: true, isEvalSupported: false });
    return loading.promise;
  });
  return {
    document,
    close() {
      controller.abort();
      void loading?.destroy();
    },
  };
}
