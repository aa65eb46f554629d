// DOMPurify for the pre-rendering (scripts/prerender.ts): the library itself, bound to a window
// JSDOM makes, where the browser binds it to the page's. Product descriptions are sanitized by
// the same code, with the same rules, at build time as in the browser.
import DOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

export default DOMPurify(new JSDOM('').window);
