/**
 * Text for HTML, in an element or a quoted attribute: the one escape of the HTML the server writes
 * (receipts and tickets, the boot shell of a page, the demo provider's game page). Operator HTML
 * that keeps its markup goes through the sanitiser instead (html.ts).
 */
export function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
