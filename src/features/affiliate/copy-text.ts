/** Copies text to the clipboard; falls back to selecting a field and the copy command (older WebViews). */
export async function copyText(text: string, field?: HTMLTextAreaElement | HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    field.select();
    return document.execCommand('copy');
  }
}
