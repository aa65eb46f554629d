// The one part of jsdom (no published types here) the pre-rendering uses: a window (its DOMParser;
// DOMPurify bound to it).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
