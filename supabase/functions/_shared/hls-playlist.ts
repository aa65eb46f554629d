// HLS playlists as text: the URIs a playlist names, and the playlist with them replaced. Shared by
// issue-download (which signs a stream's segments), the viewer (which serves the playlists to its
// player as blob: URLs) and bench:storage.

/** The URIs a playlist names: its non-comment lines, and the URI="…" of its tags (EXT-X-MAP). */
export function playlistUris(text: string): string[] {
  const uris: string[] = [];
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line) continue;
    if (line.startsWith('#')) {
      const tagged = /URI="([^"]+)"/.exec(line)?.[1];
      if (tagged) uris.push(tagged);
    } else uris.push(line);
  }
  return uris;
}

/** The playlist with each URI replaced as `replace` says. */
export function rewritePlaylist(text: string, replace: (uri: string) => string): string {
  return text
    .split('\n')
    .map((line) => {
      const trimmed = line.trim();
      if (!trimmed) return line;
      if (trimmed.startsWith('#')) return line.replace(/URI="([^"]+)"/, (_, uri: string) => `URI="${replace(uri)}"`);
      return replace(trimmed);
    })
    .join('\n');
}
