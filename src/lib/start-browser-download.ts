/**
 * Has the browser itself fetch `url` and save it as a download: the file streams to disk and never
 * sits in this page's memory, whatever its size (up to 2 GB). The object's Content-Disposition
 * names the file, so this works even where `download` is ignored (another origin). Also takes a
 * blob: URL (direct transfers save a received file this way).
 */
export function startBrowserDownload(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
