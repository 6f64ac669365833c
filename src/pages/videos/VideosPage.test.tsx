import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeDb } from '../../test/fakeRest';
import { renderPage } from '../../test/render';
import VideosPage from './VideosPage';
import { youTubeEmbedUrl } from './VideoPlayer';

describe('VideosPage', { timeout: 20_000 }, () => {
  it('plays the self-hosted 2025 film with controls and a poster, and loads no embed on page load', async () => {
    const { db } = fakeDb({
      videos: [
        {
          id: 'v1',
          title: 'Team interviews',
          url: 'https://youtu.be/abcdef12345',
          thumbnail_url: null,
          year: 2025,
          published: true,
          sort_order: 0,
        },
      ],
    });
    renderPage(<VideosPage />, { db });
    const film = document.querySelector('video') as HTMLVideoElement;
    expect(film).toHaveAttribute('controls');
    // The poster is served as a resized WebP variant of the generated image.
    expect(film).toHaveAttribute('poster', '/media/rally-2025-poster-800w.webp');
    expect(film.querySelector('source')).toHaveAttribute('src', '/media/rally-2025.mp4');
    expect(
      screen.getByRole('button', { name: 'Play video: Europe Rally 2024' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Play video: Europe Rally 2023' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Play video: Europe Rally 2019' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Highlights')).toHaveLength(3);
    expect(
      await screen.findByRole('button', { name: 'Play video: Team interviews' }),
    ).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('youTubeEmbedUrl', () => {
  it('turns watch, short and embed links into privacy-enhanced embeds and refuses others', () => {
    const embed = 'https://www.youtube-nocookie.com/embed/abcdef12345?autoplay=1';
    expect(youTubeEmbedUrl('https://www.youtube.com/watch?v=abcdef12345')).toBe(embed);
    expect(youTubeEmbedUrl('https://youtu.be/abcdef12345')).toBe(embed);
    expect(youTubeEmbedUrl('https://www.youtube.com/embed/abcdef12345')).toBe(embed);
    expect(youTubeEmbedUrl('https://example.org/film.mp4')).toBeNull();
    expect(youTubeEmbedUrl('seed/videos/film.mp4')).toBeNull();
  });
});
