import { renderHtml } from '../ubl/index';

/**
 * The HTML view of a document's XML (GİB's display, ubl/render.ts), behind a seam tests can
 * replace: rendering runs XSLT and is slow, so zip downloads cache it in `edoc_documents.html`.
 */
export type HtmlRenderer = (xml: string) => Promise<string>;

/**
 * Always the bundled GİB display for the document's kind, never a sender's embedded XSLT: an
 * unknown stylesheet compiles for tens of seconds on the event loop (ubl/render.ts).
 */
const bundled: HtmlRenderer = (xml) => renderHtml(xml, { embedded: false });
let renderer: HtmlRenderer = bundled;
let rendered = 0;

/** Replaces the renderer (tests); `null` restores GİB's display. */
export function setHtmlRenderer(fn: HtmlRenderer | null): void {
  renderer = fn ?? bundled;
}

/** Renders one document's HTML view. */
export async function htmlView(xml: string): Promise<string> {
  rendered++;
  return renderer(xml);
}

/** How many views were rendered since the server started (tests and the bench read it). */
export function renderedViews(): number {
  return rendered;
}
