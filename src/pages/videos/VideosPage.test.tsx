import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeDb } from '../../test/fakeRest';
import { renderPage } from '../../test/render';
import type { Video } from '../../data/types';
import VideosPage, { VIDEOS_EMPTY } from './VideosPage';
import { youTubeEmbedUrl } from '../../components/VideoPlayer';

const video = (id: string, title: string, sortOrder: number, more: Partial<Video> = {}): Video => ({
  id,
  title,
  url: `seed/videos/${id}.mp4`,
  thumbnail_url: `seed/videos/${id}-poster.960x540.webp`,
  year: 2025,
  category: 'Highlights',
  published: true,
  sort_order: sortOrder,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  deleted_at: null,
  deleted_by: null,
  ...more,
});

describe('VideosPage', { timeout: 20_000 }, () => {
  it('lists the table’s films once, the first featured with a high-priority poster, and loads no player until asked', async () => {
    const { db } = fakeDb({
      videos: [
        video('film-2024', 'Europe Rally 2024', 2),
        video('film-2025', 'The 2025 film', 1, { category: 'Rally film' }),
        video('interview', 'Team interviews', 3, {
          url: 'https://youtu.be/abcdef12345',
          thumbnail_url: null,
          category: '',
        }),
      ],
    });
    renderPage(<VideosPage />, { db });
    const list = await screen.findByRole('list', { name: 'Films' });
    const items = within(list).getAllByRole('listitem');
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['The 2025 film', 'Europe Rally 2024', 'Team interviews']);
    expect(items[0]).toHaveAttribute('data-featured', 'true');
    const featuredPoster = items[0]?.querySelector('img');
    expect(featuredPoster).toHaveAttribute('fetchpriority', 'high');
    expect(featuredPoster?.getAttribute('srcset')).toContain(
      'film-2025-poster.960x540.w640.webp 640w',
    );
    expect(items[1]?.querySelector('img')).toHaveAttribute('loading', 'lazy');
    expect(within(list).getAllByText('Highlights')).toHaveLength(1);
    expect(document.querySelector('video, iframe')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Play video: The 2025 film' }));
    const film = document.querySelector('video') as HTMLVideoElement;
    expect(film).toHaveAttribute('controls');
    expect(film.querySelector('source')?.getAttribute('src')).toContain(
      'seed/videos/film-2025.mp4',
    );
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('says so when there is no film', async () => {
    const { db } = fakeDb({ videos: [] });
    renderPage(<VideosPage />, { db });
    expect(await screen.findByText(VIDEOS_EMPTY)).toBeInTheDocument();
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
