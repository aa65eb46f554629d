// Hands a file made in the browser (an export, a downloaded PDF) to the browser's download.
export function saveFile(name: string, contents: Blob): void {
  const url = URL.createObjectURL(contents);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
