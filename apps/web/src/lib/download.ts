/**
 * The file name an answer's Content-Disposition gives (`attachment; filename="paper-2026-11-24.csv"`), or
 * `fallback`.
 */
export function attachmentName(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? fallback;
}

/**
 * Hands a file to the browser's downloads: the file was fetched with the bearer header (a plain link would
 * have to put the token in its address), so it is saved from memory through a temporary object URL.
 */
export function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the click has been handled: the download keeps its own reference.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
