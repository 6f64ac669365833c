import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from './Countdown';
import { DEFAULT_SITE_SETTINGS } from '../data/siteSettings';

function renderAt(now: Date, startDate?: string) {
  const edition = { ...DEFAULT_SITE_SETTINGS.edition, ...(startDate ? { startDate } : {}) };
  vi.useFakeTimers({
    now,
    toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
  });
  return render(
    <MemoryRouter>
      <Countdown edition={edition} />
    </MemoryRouter>,
  );
}

const unit = (name: string) => document.querySelector(`[data-unit="${name}"]`)?.textContent;

afterEach(() => {
  vi.useRealTimers();
});

describe('Countdown', () => {
  it('counts down to 22 June 2026 00:00 local time and ticks every second', () => {
    renderAt(new Date(2026, 5, 20, 22, 58, 30));
    expect(screen.getByText('days')).toBeInTheDocument();
    expect([unit('days'), unit('hours'), unit('minutes'), unit('seconds')]).toEqual([
      '01',
      '01',
      '01',
      '30',
    ]);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(unit('seconds')).toBe('29');
  });

  it('counts to the rally_start_date setting', () => {
    renderAt(new Date(2026, 5, 20, 0, 0, 0), '2026-06-21');
    expect(unit('days')).toBe('01');
    expect(unit('hours')).toBe('00');
  });

  it('says the rally is under way during 22-28 June instead of counting', () => {
    renderAt(new Date(2026, 5, 24, 12, 0, 0));
    expect(screen.getByText('The 2026 Europe Rally is under way!')).toBeInTheDocument();
    expect(document.querySelector('[data-unit]')).toBeNull();
  });

  it('turns from the last second into "under way" without a negative number', () => {
    renderAt(new Date(2026, 5, 21, 23, 59, 59));
    expect(unit('seconds')).toBe('01');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText('The 2026 Europe Rally is under way!')).toBeInTheDocument();
  });

  it('stops ticking at the finish, and never starts once the rally is over', () => {
    renderAt(new Date(2026, 5, 28, 23, 59, 58));
    expect(screen.getByText('The 2026 Europe Rally is under way!')).toBeInTheDocument();
    expect(vi.getTimerCount()).toBe(1);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByText('The 2026 Europe Rally has finished')).toBeInTheDocument();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('thanks everyone with links after 28 June', () => {
    renderAt(new Date(2026, 5, 29, 9, 0, 0));
    expect(vi.getTimerCount()).toBe(0);
    expect(screen.getByText('The 2026 Europe Rally has finished')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the rally news' })).toHaveAttribute(
      'href',
      '/news',
    );
    expect(screen.getByRole('link', { name: 'see the photos' })).toHaveAttribute(
      'href',
      '/gallery',
    );
  });
});
