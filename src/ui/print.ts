/** How opening a receipt for printing went. */
export type PrintOutcome = 'printing' | 'blocked' | 'failed' | 'closed';

/** How long a receipt may take to load before the print counts as failed. */
const LOAD_TIMEOUT_MS = 15_000;

/**
 * Opens the receipt page in a popup (it prints itself 1 s after load) and watches it load. It is a
 * receipt only when the loaded page holds the receipt number: an error page of the server (404,
 * 500), the browser's own error page (not readable from here) or a timeout is a failed print. A
 * popup the player closes before it loaded is neither.
 */
export function openReceipt(path: string, name: string): Promise<PrintOutcome> {
  const w = window.open(path, name, 'popup,width=380,height=640');
  if (!w) return Promise.resolve('blocked');
  const target = new URL(path, location.href).pathname;
  const started = Date.now();
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      let outcome: PrintOutcome | null = null;
      try {
        if (w.closed) outcome = 'closed';
        else if (w.location.pathname === target && w.document.readyState === 'complete') {
          outcome = w.document.querySelector('[data-testid="receipt-number"]') ? 'printing' : 'failed';
        }
      } catch {
        // Another origin: the browser's network error page.
        outcome = 'failed';
      }
      if (!outcome && Date.now() - started > LOAD_TIMEOUT_MS) outcome = 'failed';
      if (outcome) {
        clearInterval(timer);
        resolve(outcome);
      }
    }, 150);
  });
}
