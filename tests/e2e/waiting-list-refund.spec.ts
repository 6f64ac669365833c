// Issue 24's scenario in a real browser against the production build, with both clocks pinned to
// 20 March 2026 (94 days before the 2026 rally): a team registers, pays its deposit and its balance
// through the Stripe stand-in's test-mode checkout; the edition is then full; a visitor joins the
// waiting list; the paid team cancels on its page (the terms give back £1,850); the visitor is
// emailed the offer, whose link opens the sign-up form although the public page says full; the
// visitor pays the deposit and is in; the organiser refunds the cancelled team through Stripe
// ("Refund £1,850.00"), Stripe's signed events confirm it in the ledger and the team is emailed.
//
// It fills the edition and pins the database's day, which other specs read: it runs in
// playwright.config.ts's "shared state" project, after the main one and alone, and puts the
// capacity and the day back however it ends.
import { mailTo, pinClocks, restoreDatabaseClock } from './admin-helpers';
import { test, expect, PAY_TEST_MODE, registerToCheckout, type ServiceDb } from './fixtures';
import type { Page } from '@playwright/test';

const MARCH = '2026-03-20';

/** The first link in the newest email to `address` whose subject matches, once it has arrived. */
async function linkIn(address: string, subject: RegExp, path: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await mailTo(address)).find((each) => subject.test(each.subject));
        link = path.exec(mail?.html ?? '')?.[1];
        return Boolean(link);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return link ?? '';
}

async function fillRegistration(page: Page, lead: string, email: string, team?: string) {
  const form = page.locator('main').getByRole('form', { name: 'Rally registration' });
  await form.getByRole('textbox', { name: 'Full name', exact: true }).fill(lead);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('07700 900321');
  if (team) await form.getByRole('textbox', { name: 'Team name', exact: true }).fill(team);
  await page.getByLabel(/I accept the/).check();
}

async function currentEdition(serviceDb: ServiceDb) {
  const { data } = await serviceDb
    .from('editions')
    .select('id, name, capacity')
    .eq('is_current', true)
    .single()
    .throwOnError();
  return data;
}

test('a freed place goes to the waiting list, and the cancelled team is refunded through Stripe', async ({
  page,
  adminPage,
  serviceDb,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const team = `Refunded Team ${stamp}`;
  const teamEmail = `refunded.team.${stamp}@example.org`;
  const visitor = `Wren Waiting ${stamp}`;
  const visitorEmail = `wren.waiting.${stamp}@example.org`;
  const edition = await currentEdition(serviceDb);
  try {
    await pinClocks(MARCH, page, adminPage);
    // Nobody from another spec stands before the visitor in the queue.
    await serviceDb
      .from('waiting_list_entries')
      .update({ status: 'withdrawn' })
      .eq('edition_id', edition.id)
      .in('status', ['waiting', 'offered'])
      .throwOnError();

    // A team registers and pays its deposit, then its balance on its own page.
    await page.goto('/sign-up');
    await fillRegistration(page, 'Morgan Paid', teamEmail, team);
    await registerToCheckout(page);
    await page.getByRole('button', { name: PAY_TEST_MODE }).click();
    await expect(page.getByText('Your place is secured.')).toBeVisible();
    const teamPage = await linkIn(
      teamEmail,
      /deposit/i,
      /href="[^"]*(\/my-registration\/[A-Za-z0-9_-]{43})"/,
    );
    await page.goto(teamPage);
    const money = page.getByRole('region', { name: 'Your payments' });
    await money.getByRole('button', { name: 'Pay balance' }).click();
    await page.getByRole('button', { name: /^Pay .*3,700.* \(test mode\)$/ }).click();
    await expect(money.getByText('Paid in full', { exact: true })).toBeVisible({ timeout: 20_000 });

    // The edition is full.
    const { data: places } = await serviceDb.rpc('rally_places').single().throwOnError();
    await serviceDb
      .from('editions')
      .update({ capacity: places.taken })
      .eq('id', edition.id)
      .throwOnError();

    // A visitor joins the waiting list.
    await page.goto('/sign-up');
    await expect(page.getByTestId('registration-state')).toHaveAttribute('data-phase', 'full');
    const join = page.getByRole('form', { name: 'Join the waiting list' });
    await join.getByRole('textbox', { name: 'Full name', exact: true }).fill(visitor);
    await join.getByRole('textbox', { name: 'Email', exact: true }).fill(visitorEmail);
    await join.getByRole('textbox', { name: 'Phone', exact: true }).fill('07700 900654');
    await join
      .getByLabel('Contact me by email or phone about a place on this rally if one becomes free.')
      .check();
    await join.getByRole('button', { name: 'Join the waiting list' }).click();
    await expect(
      page.getByText(
        'You are on the waiting list: number 1. We will email you if a place becomes free.',
      ),
    ).toBeVisible();

    // The paid team cancels on its page: the terms give back 50% of what it paid beyond the deposit.
    await page.goto(teamPage);
    await page.getByRole('button', { name: 'Cancel registration' }).click();
    await page.getByRole('button', { name: 'Yes, cancel our registration' }).click();
    await expect(
      page.getByText(/Your registration is cancelled\. A refund of £1,850 is due to you/),
    ).toBeVisible();

    // The visitor receives the offer; the place is theirs, so the public page still says full.
    const offer = await linkIn(
      visitorEmail,
      new RegExp(`^A place is free for you on the ${edition.name}$`),
      /href="[^"]*(\/sign-up\/offer\/[A-Za-z0-9_-]{43})"/,
    );
    await page.goto('/sign-up');
    await expect(page.getByTestId('registration-state')).toHaveAttribute('data-phase', 'full');
    await expect(page.getByRole('button', { name: 'Register and Pay Deposit' })).toHaveCount(0);

    // The link opens the sign-up form for that place, filled in; paying the deposit takes it.
    await page.goto(offer);
    await expect(
      page.getByRole('heading', {
        name: new RegExp(`^A place on the ${edition.name} is yours until`),
      }),
    ).toBeVisible();
    const form = page.locator('main').getByRole('form', { name: 'Rally registration' });
    await expect(form.getByRole('textbox', { name: 'Full name', exact: true })).toHaveValue(
      visitor,
    );
    await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(
      visitorEmail,
    );
    await page.getByLabel(/I accept the/).check();
    await registerToCheckout(page);
    await page.getByRole('button', { name: PAY_TEST_MODE }).click();
    await expect(page.getByText('Your place is secured.')).toBeVisible();

    // The visitor is in: the organiser's queue says accepted, and the edition is still exactly full.
    await adminPage.goto('/admin/waiting-list');
    const entry = adminPage.getByTestId('waiting-list-row').filter({ hasText: visitorEmail });
    await expect(entry).toContainText('Accepted');
    const { data: after } = await serviceDb.rpc('rally_places').single().throwOnError();
    expect(after).toMatchObject({ taken: places.taken, remaining: 0 });

    // The organiser refunds the cancelled team through Stripe.
    await adminPage.goto(
      `/admin/registrations?money_state=cancelled&q=${encodeURIComponent(team)}`,
    );
    const row = adminPage.getByTestId('inbox-row').filter({ hasText: team });
    await row.getByRole('button', { name: 'View details' }).click();
    await row
      .getByRole('region', { name: 'Money' })
      .getByRole('button', { name: 'Refund £1,850.00' })
      .click();
    const dialog = adminPage.getByRole('dialog', { name: 'Refund £1,850.00 through Stripe?' });
    await dialog.getByRole('button', { name: 'Refund £1,850.00' }).click();
    await expect(
      adminPage.getByRole('status').filter({ hasText: 'Refund of £1,850.00 sent to Stripe.' }),
    ).toBeVisible();

    // Stripe's signed events confirm it: the ledger shows the refund, and the team is emailed.
    await expect
      .poll(
        async () => {
          await adminPage.goto(
            `/admin/registrations?money_state=refunded&q=${encodeURIComponent(team)}`,
          );
          return adminPage.getByTestId('inbox-row').filter({ hasText: team }).count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    const refunded = adminPage.getByTestId('inbox-row').filter({ hasText: team });
    await refunded.getByRole('button', { name: 'View details' }).click();
    const ledger = refunded.getByRole('region', { name: 'Money' }).getByRole('table').first();
    await expect(ledger).toContainText('Refund');
    await expect(ledger).toContainText('£1,850.00');
    await expect(ledger).toContainText(/re_/);
    await expect
      .poll(async () => (await mailTo(teamEmail)).map((mail) => mail.subject), { timeout: 20_000 })
      .toContain(`Your ${edition.name} refund is on its way`);
  } finally {
    await serviceDb
      .from('editions')
      .update({ capacity: edition.capacity })
      .eq('id', edition.id)
      .throwOnError();
    await restoreDatabaseClock();
  }
});
