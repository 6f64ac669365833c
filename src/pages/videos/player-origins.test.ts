// Every embedded player comes from a host the Content-Security-Policy lets the site frame.
import { describe, expect, it } from 'vitest';
import { youTubeEmbedUrl } from '../../components/VideoPlayer';
import { storyVideos, videoPlayerOrigins } from '../../config/rally';

describe('videoPlayerOrigins', () => {
  it('covers every story film and every YouTube link an administrator adds', () => {
    const embeds = [
      ...Object.values(storyVideos).map((video) => video.embedUrl),
      youTubeEmbedUrl('https://www.youtube.com/watch?v=aqz-KE-bpKQ'),
      youTubeEmbedUrl('https://youtu.be/aqz-KE-bpKQ'),
    ];
    for (const embed of embeds) {
      expect(videoPlayerOrigins as readonly string[]).toContain(new URL(embed ?? '').origin);
    }
  });
});
