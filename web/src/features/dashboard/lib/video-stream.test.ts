import { describe, expect, it } from 'vitest';
import { playlistUris, rewritePlaylist } from '@functions-shared/hls-playlist.ts';
import { subtitleTracksOf, videoStreamOf } from '@/features/dashboard/lib/video-stream';

const master = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360\n360p/index.m3u8\n';
const media = '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:2.000000,\nsegment-0000.m4s\n#EXT-X-ENDLIST\n';

describe('the HLS playlists', () => {
  it('names the media playlists of a master, and the init section and segments of a media playlist', () => {
    expect(playlistUris(master)).toEqual(['360p/index.m3u8']);
    expect(playlistUris(media)).toEqual(['init.mp4', 'segment-0000.m4s']);
  });

  it('replaces each URI, in lines and in tags, leaving the rest as it was', () => {
    expect(rewritePlaylist(media, (uri) => `https://s.test/${uri}?token=t`)).toBe(
      '#EXTM3U\n#EXT-X-MAP:URI="https://s.test/init.mp4?token=t"\n#EXTINF:2.000000,\nhttps://s.test/segment-0000.m4s?token=t\n#EXT-X-ENDLIST\n',
    );
  });
});

describe("issue-download's stream and subtitles", () => {
  it('takes a well-formed stream', () => {
    expect(videoStreamOf({ master, playlists: { '360p/index.m3u8': media } })).toEqual({ master, playlists: { '360p/index.m3u8': media } });
  });

  it('plays the original when the stream is missing or malformed', () => {
    expect(videoStreamOf(null)).toBeNull();
    expect(videoStreamOf({ master: 'not a playlist', playlists: { a: media } })).toBeNull();
    expect(videoStreamOf({ master, playlists: {} })).toBeNull();
    expect(videoStreamOf({ master, playlists: { a: 42 } })).toBeNull();
  });

  it('keeps the subtitle tracks with a language, a label and an http(s) link', () => {
    const french = { language: 'fr', label: 'Français', url: 'https://s.test/fr.vtt?token=t' };
    expect(subtitleTracksOf([french, { language: 'en', label: 'English', url: 'javascript:alert(1)' }, null])).toEqual([french]);
    expect(subtitleTracksOf(undefined)).toEqual([]);
  });
});
