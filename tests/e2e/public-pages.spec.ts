import { test, expect } from './fixtures';

// Every public route renders its own content, title and description from the built site.
const routes: { path: string; heading: RegExp | string; text: string; title: RegExp }[] = [
  {
    path: '/',
    heading: 'Drive across Europe for children who need us',
    text: 'Latest news',
    title: /^2026 Europe Rally$/,
  },
  {
    path: '/2026-rally',
    heading: 'The 2026 Europe Rally',
    text: 'Switzerland (Zurich)',
    title: /2026 Rally/,
  },
  {
    path: '/gallery',
    heading: 'Moments from the road',
    text: 'Overnight ferry from Portsmouth',
    title: /Gallery/,
  },
  { path: '/videos', heading: 'Watch the rally', text: 'Video library', title: /Videos/ },
  {
    path: '/news',
    heading: 'Rally news',
    text: 'Registration opens for the 2026 Europe Rally',
    title: /News/,
  },
  {
    path: '/sponsors',
    heading: 'Put your brand on the road for a good cause',
    text: 'Enquire about Tier 1',
    title: /Sponsors/,
  },
  {
    path: '/about',
    heading: 'Every mile helps a family',
    // The figures are settings (tests/e2e/site-settings.spec.ts changes them).
    text: 'Fundraising progress',
    title: /Charity/,
  },
  { path: '/contact', heading: 'Get in touch', text: 'Send us a message', title: /Contact/ },
  { path: '/sign-up', heading: 'Sign up to the 2026 tour', text: '£3,950', title: /Sign Up/ },
  {
    // Opened without a registration's reference: it says so, never "Payment Successful!".
    path: '/payment-success',
    heading: 'We could not find your registration',
    text: 'without a registration reference',
    title: /Deposit payment/,
  },
  {
    path: '/privacy-policy',
    heading: 'Privacy Policy',
    text: '15 October 2025',
    title: /Privacy Policy/,
  },
  {
    path: '/terms-conditions',
    heading: 'Terms and Conditions',
    text: '15 October 2025',
    title: /Terms and Conditions/,
  },
];

for (const route of routes) {
  test(`${route.path} renders its content, title and social tags`, async ({ page }) => {
    // A day while the seed's registration is open (/sign-up shows its prices only then).
    await page.clock.setFixedTime(new Date('2026-03-20T12:00:00+00:00'));
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
    await expect(page.getByText(route.text).first()).toBeVisible();
    await expect(page).toHaveTitle(route.title);
    const description = page.locator('meta[name="description"]').last();
    await expect(description).toHaveAttribute('content', /\w{3,}/);
    await expect(page.locator('meta[property="og:title"]').last()).toHaveAttribute(
      'content',
      route.title,
    );
    await expect(page.locator('meta[property="og:description"]').last()).toHaveAttribute(
      'content',
      /\w{3,}/,
    );
    await expect(page.getByText('© 2026 Europe Rally. All rights reserved.')).toBeVisible();
  });
}

// src/prerender: a prerendered page is drawn before its code is even requested, and its
// code arrives in few files (vite.config.ts groups what the pages share).
test('a prerendered page requests its code only after its first paint, in few files', async ({
  page,
}) => {
  await page.goto('/');
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname));
    return {
      paint: paint?.startTime ?? NaN,
      firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
      scripts: scripts.length,
    };
  });
  expect(timing.paint).toBeGreaterThan(0);
  expect(timing.firstScript).toBeGreaterThanOrEqual(timing.paint);
  expect(timing.scripts).toBeGreaterThan(0);
  // The entry, `site` (what pages share), the page, and the footer: the footer left the entry to
  // keep it under its budget (src/app/routes.tsx) and downloads beside the page, not after it.
  expect(timing.scripts).toBeLessThanOrEqual(4);
});

// The page is prerendered as "Checking your payment" and says what it found once it has asked:
// its words change, its layout must not (Lighthouse measured CLS 0.08 when the box grew).
test('the deposit page changes its words without moving the page', async ({ page }) => {
  await page.goto('/payment-success');
  await expect(
    page.getByRole('heading', { level: 1, name: 'We could not find your registration' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to registration' })).toBeVisible();
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) =>
          resolve(
            list
              .getEntries()
              .reduce(
                (sum, entry) => sum + (entry as PerformanceEntry & { value: number }).value,
                0,
              ),
          ),
        ).observe({ type: 'layout-shift', buffered: true });
        // No entry at all is no shift: buffered entries, if any, are reported at once.
        setTimeout(() => resolve(0), 500);
      }),
  );
  expect(shift).toBe(0);
});

test('an unknown path shows the friendly 404 with a way home', async ({ page }) => {
  await page.goto('/no-such-road');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('navigation scrolls to the top and focuses the new page heading', async ({ page }) => {
  await page.goto('/');
  // The page grows as its data arrives, so keep scrolling until it is tall enough.
  await expect
    .poll(() => page.evaluate(() => (window.scrollTo(0, 2000), window.scrollY)))
    .toBeGreaterThan(500);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Get in touch' })).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('the home navigation turns opaque after 50 px of scrolling; other pages are always opaque', async ({
  page,
}) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header).toHaveAttribute('data-opaque', 'false');
  await page.evaluate(() => window.scrollTo(0, 200));
  await expect(header).toHaveAttribute('data-opaque', 'true');
  await page.goto('/news');
  await expect(header).toHaveAttribute('data-opaque', 'true');
});

test('the mobile menu opens, is usable by keyboard and closes on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await page.getByRole('banner').getByRole('link', { name: 'Charity' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});

test('on a 390-px phone the menu offers Contact after the main links', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator(
    `[id="${await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-controls')}"]`,
  );
  await expect(menu).toBeVisible();
  // Then the rally's call to action, whose words follow the calendar.
  expect((await menu.getByRole('link').allTextContents()).slice(0, 8)).toEqual([
    'Home',
    '2026 Rally',
    'Gallery',
    'Videos',
    'News',
    'Sponsors',
    'Charity',
    'Contact',
  ]);
  await menu.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});

test.describe('the countdown', () => {
  test('counts down every second before the start', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-06-20T22:58:01+01:00') });
    await page.goto('/');
    // The installed clock runs in real time: stop it (leaving a slow machine time to load the
    // page), so that only runFor moves it.
    await page.clock.pauseAt(new Date('2026-06-20T22:58:30+01:00'));
    const countdown = page.getByTestId('countdown');
    await expect(countdown.locator('[data-unit="days"]')).toHaveText('01');
    await expect(countdown.locator('[data-unit="hours"]')).toHaveText('01');
    await expect(countdown.locator('[data-unit="minutes"]')).toHaveText('01');
    const before = Number(await countdown.locator('[data-unit="seconds"]').textContent());
    await page.clock.runFor(2000);
    await expect(countdown.locator('[data-unit="seconds"]')).toHaveText(
      String(before - 2).padStart(2, '0'),
    );
  });

  test('says the rally is under way during it', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-06-24T12:00:00+01:00') });
    await page.goto('/');
    await expect(page.getByText('The 2026 Europe Rally is under way!')).toBeVisible();
  });

  test('thanks everyone once it has finished', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-07-01T09:00:00+01:00') });
    await page.goto('/');
    await expect(page.getByText('The 2026 Europe Rally has finished')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Read the rally news' })).toBeVisible();
  });
});

test('one video library: every film once, the featured one first with its poster in the HTML, and it plays only when asked', async ({
  page,
  request,
}) => {
  const thirdParty: string[] = [];
  page.on('request', (request) => {
    if (/youtube|vimeo/.test(request.url())) thirdParty.push(request.url());
  });
  // The featured poster (the page's largest paint) is in the prerendered HTML, sized to its slot
  // and fetched first; the others wait until they are near the viewport.
  // (React writes the attributes as it names them: fetchPriority, srcSet.)
  const html = (await (await request.get('/videos')).text()).toLowerCase();
  const posters = [...html.matchAll(/<img[^>]*rally-\d{4}-[a-z-]*poster[^>]*>/g)].map((m) => m[0]);
  expect(posters[0]).toContain('fetchpriority="high"');
  expect(posters[0]).toMatch(/srcset="[^"]*\.w640\.webp 640w/);
  expect(posters.slice(1).every((img) => img.includes('loading="lazy"'))).toBe(true);

  await page.goto('/videos');
  const films = page.getByRole('list', { name: 'Films' });
  const titles = await films.getByRole('heading', { level: 3 }).allTextContents();
  expect(titles.slice(0, 4)).toEqual([
    '2025 Rally Film',
    '2024 Highlights',
    '2023 Highlights',
    '2019: Where It All Began',
  ]);
  expect(new Set(titles).size).toBe(titles.length);
  await expect(films.getByText('Highlights', { exact: true })).toHaveCount(3);
  await expect(films.getByRole('listitem').first()).toHaveAttribute('data-featured', 'true');
  await expect(page.locator('video, iframe')).toHaveCount(0);

  await page.getByRole('button', { name: 'Play video: 2025 Rally Film' }).click();
  const film = page.locator('video');
  await expect(film).toHaveCount(1);
  await film.evaluate((video: HTMLVideoElement) => {
    video.muted = true;
    return video.play();
  });
  await expect
    .poll(() => film.evaluate((video: HTMLVideoElement) => video.currentTime))
    .toBeGreaterThan(0.2);
  expect(await film.evaluate((video: HTMLVideoElement) => video.duration)).toBeGreaterThan(2);
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(thirdParty).toEqual([]);
});

test('the rally page shows the remaining spots from the settings', async ({ page }) => {
  // The count shows while registration is open (the seed's window).
  await page.clock.setFixedTime(new Date('2026-03-01T12:00:00Z'));
  await page.goto('/2026-rally');
  await expect(page.getByTestId('spots-remaining')).toHaveText(/^\d+$/);
});

// Issue 22: the public site follows the current edition, pinning only the browser's clock. With
// 2027 made current, /rally and /2026-rally are in the rollover scenario (edition-rollover.spec.ts),
// which changes what every spec reads and so runs in the "shared state" project.
test.describe('the editions’ pages', () => {
  test('/rally leads to the current edition’s page, and an unknown year is the 404 page', async ({
    page,
  }) => {
    await page.clock.setFixedTime(new Date('2026-03-20T12:00:00+00:00'));
    await page.goto('/rally');
    await expect(page).toHaveURL(/\/2026-rally$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The 2026 Europe Rally');

    await page.goto('/2031-rally');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'See the 2026 Rally' })).toHaveAttribute(
      'href',
      '/2026-rally',
    );
  });

  test('after the rally, before the next is current: no prices, and the next rally offered', async ({
    page,
  }) => {
    await page.clock.setFixedTime(new Date('2026-11-24T12:00:00+00:00'));
    await page.goto('/sign-up');
    await expect(page.getByTestId('registration-state')).toHaveAttribute('data-phase', 'after');
    await expect(page.getByText('Deposit today')).toHaveCount(0);
    await expect(page.getByText('£3,950')).toHaveCount(0);
    const offer = page.getByRole('form', { name: 'Tell me when the next rally opens' });
    await offer.getByRole('textbox').fill('next.rally.e2e@example.org');
    await offer.getByRole('button', { name: 'Tell Me' }).click();
    await expect(page.getByText('when the next rally opens.')).toBeVisible();

    await page.goto('/');
    await expect(
      page.getByRole('form', { name: 'Tell me when the next rally opens' }),
    ).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('© 2026 ');
  });
});
