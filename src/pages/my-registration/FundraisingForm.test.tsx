// The team's fundraising page and team pack on its page, and the public teams list, with the
// network stood in at fetch: an address that is not https JustGiving or Enthuse is refused in the
// browser without asking; a good one is saved with the target in pence and the consent; the
// database's refusal shows beside its field; the team pack downloads as the function's file, or
// says the function's sentence; the public list links only the allowed hosts.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicTeam, TeamFundraising } from '../../data/fundraising';
import { restoreNetwork, stubNetwork } from '../../test/network';
import { PublicTeams } from '../rally/PublicTeams';
import { FUNDRAISING_URL_PROBLEM, FundraisingSection, targetPence } from './FundraisingForm';
import { TeamPack } from './TeamPack';

const SECRET = 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789_-abcde';

const NOTHING_YET: TeamFundraising = {
  fundraising_url: '',
  fundraising_target_pence: null,
  show_on_teams_list: false,
  door_number: 3,
  editable: true,
};

afterEach(async () => {
  await restoreNetwork();
  vi.restoreAllMocks();
});

describe('FundraisingSection', { timeout: 20_000 }, () => {
  it.each([
    'http://www.justgiving.com/page/x',
    'https://justgiving.com.evil.example/x',
    'https://evil.example/www.justgiving.com',
    'https://www.gofundme.com/f/x',
  ])('refuses %s without asking the database', async (address) => {
    const user = userEvent.setup({ delay: null });
    const calls = stubNetwork({ team_fundraising: { body: NOTHING_YET } });
    render(<FundraisingSection secret={SECRET} />);
    await user.type(await screen.findByLabelText(/JustGiving or Enthuse page/), address);
    await user.click(screen.getByRole('button', { name: 'Save fundraising page' }));
    expect(await screen.findByText(FUNDRAISING_URL_PROBLEM)).toBeVisible();
    expect(calls.map((call) => call.name)).toEqual(['team_fundraising']);
  });

  it('saves the page, the target in pence and the consent', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = stubNetwork({
      team_fundraising: { body: NOTHING_YET },
      update_team_fundraising: { body: { ...NOTHING_YET, show_on_teams_list: true } },
    });
    render(<FundraisingSection secret={SECRET} />);
    await user.type(
      await screen.findByLabelText(/JustGiving or Enthuse page/),
      'https://ourcharity.enthuse.com/pf/hairpins',
    );
    await user.type(screen.getByLabelText(/Target/), '2,500.50');
    await user.click(screen.getByLabelText('Show our team on the public teams list'));
    await user.click(screen.getByRole('button', { name: 'Save fundraising page' }));
    expect(await screen.findByText('Your fundraising page has been saved.')).toBeVisible();
    expect(calls.at(-1)).toEqual({
      name: 'update_team_fundraising',
      body: {
        secret: SECRET,
        details: {
          fundraising_url: 'https://ourcharity.enthuse.com/pf/hairpins',
          fundraising_target_pence: 250_050,
          show_on_teams_list: true,
        },
      },
    });
  });

  it('shows the database’s refusal beside its field', async () => {
    const user = userEvent.setup({ delay: null });
    stubNetwork({
      team_fundraising: { body: NOTHING_YET },
      update_team_fundraising: {
        status: 400,
        body: {
          code: 'PT400',
          details: 'fundraisingTarget',
          message: 'Please enter a target between £0 and £1,000,000.',
        },
      },
    });
    render(<FundraisingSection secret={SECRET} />);
    await user.type(await screen.findByLabelText(/Target/), '10');
    await user.click(screen.getByRole('button', { name: 'Save fundraising page' }));
    expect(
      await screen.findByText('Please enter a target between £0 and £1,000,000.'),
    ).toBeVisible();
    expect(screen.getByLabelText(/Target/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('reads pounds as typed', () => {
    expect(targetPence('')).toBeNull();
    expect(targetPence('£2,500')).toBe(250_000);
    expect(targetPence('0.5')).toBe(50);
    expect(targetPence('12.345')).toBeNaN();
    expect(targetPence('-1')).toBeNaN();
  });
});

describe('TeamPack', { timeout: 20_000 }, () => {
  it('downloads the function’s PDF under its name', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = vi.fn<typeof globalThis.fetch>(
      async () =>
        new Response('%PDF-1.4', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="team-pack-2026-door-3.pdf"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    // jsdom has no object URLs: these two stand in for the browser's.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pack'), revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    render(<TeamPack secret={SECRET} />);
    await user.click(screen.getByRole('button', { name: 'Download the team pack' }));
    await vi.waitFor(() => expect(clicked).toEqual(['team-pack-2026-door-3.pdf']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/\/functions\/v1\/team-pack$/);
  });

  it('says the function’s sentence when the team may not have it yet', async () => {
    const user = userEvent.setup({ delay: null });
    stubNetwork({
      'team-pack': {
        status: 409,
        body: {
          error:
            'The team pack is ready once every document is accepted and the team is ready to drive.',
        },
      },
    });
    render(<TeamPack secret={SECRET} />);
    await user.click(screen.getByRole('button', { name: 'Download the team pack' }));
    expect(await screen.findByText(/ready once every document is accepted/)).toBeVisible();
  });
});

describe('PublicTeams', { timeout: 20_000 }, () => {
  it('lists the teams, linking only JustGiving and Enthuse', async () => {
    const teams: PublicTeam[] = [
      {
        team_name: 'The Hairpins',
        vehicle_make: 'Mini',
        vehicle_model: 'Cooper',
        fundraising_url: 'https://www.justgiving.com/page/hairpins',
        fundraising_target_pence: 250_000,
      },
      {
        team_name: 'Odd Link',
        vehicle_make: '',
        vehicle_model: '',
        fundraising_url: 'javascript:alert(1)',
        fundraising_target_pence: null,
      },
    ];
    const calls = stubNetwork({ public_teams: { body: teams } });
    render(<PublicTeams year={2026} />);
    const link = await screen.findByRole('link', { name: /Sponsor The Hairpins/ });
    expect(link).toHaveAttribute('href', 'https://www.justgiving.com/page/hairpins');
    expect(screen.getByText('Target: £2,500')).toBeVisible();
    expect(screen.getByText('Mini Cooper')).toBeVisible();
    expect(screen.getByText('Odd Link')).toBeVisible();
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(calls).toEqual([{ name: 'public_teams', body: { year: 2026 } }]);
  });

  it('shows nothing until a team is listed', async () => {
    const calls = stubNetwork({ public_teams: { body: [] } });
    const { container } = render(<PublicTeams year={2026} />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });
});
