/**
 * Shares a link with the Web Share API where there is one (phones), else copies it to the
 * clipboard. Returns what happened so the page can say so.
 */
export async function shareLink(url: string, title: string): Promise<'shared' | 'copied' | 'cancelled' | 'failed'> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ url, title });
      return 'shared';
    } catch (err) {
      // The player closing the share sheet is not a failure.
      if ((err as Error).name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
