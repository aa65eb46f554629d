// The one part of jsdom (no published types here) the pre-rendering uses: a window's DOMParser.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: { DOMParser: typeof DOMParser };
  }
}
