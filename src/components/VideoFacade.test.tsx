import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VideoFacade } from './VideoFacade';

describe('VideoFacade', () => {
  it('loads no player until the visitor presses play', async () => {
    const user = userEvent.setup();
    render(
      <VideoFacade
        title="Europe Rally 2024"
        embedUrl="https://www.youtube-nocookie.com/embed/abc123?autoplay=1"
      />,
    );
    expect(document.querySelector('iframe')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Play video: Europe Rally 2024/ }));
    expect(screen.getByTitle('Europe Rally 2024')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/abc123?autoplay=1',
    );
  });
});
