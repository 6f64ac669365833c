// Issue 25's scenario in a real browser against the production build, with both clocks pinned to
// 20 March 2026 (94 days before the 2026 rally starts on 22 June): a team registers and pays in
// full; on its page it uploads its licence and an insurance PDF; a driver born 17 years before the
// start is refused with the message beside the date; the details are saved and the MOT sent. The
// organiser, by keyboard, accepts the licence and rejects the insurance with a reason; the team is
// emailed the reason and a link to its page, sends a new certificate, which is accepted with the
// MOT, and the inbox then says the team is ready to drive (its Readiness filter too); the team
// pack then downloads as a PDF naming the team and its door number. A wrong link
// reads no file: the function, the storage API and a guessed public URL all refuse it.
//
// It pins the database's day, which other specs read: it runs in playwright.config.ts's "shared
// state" project, after the main one and alone, and puts the day back however it ends.
import { readFile } from 'node:fs/promises';
import { mailTo, pinClocks, restoreDatabaseClock } from './admin-helpers';
import { axeViolations } from './axe';
import { e2e } from './servers';
import { test, expect, PAY_TEST_MODE, registerToCheckout } from './fixtures';
import type { Page } from '@playwright/test';
import localSupabase from '../../src/config/local-supabase.json' with { type: 'json' };

const MARCH = '2026-03-20';

function pdf(name: string) {
  return {
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    ),
  };
}

/** The team page's Documents section. */
const documents = (page: Page) => page.getByRole('region', { name: 'Documents' });
const item = (page: Page, label: string) =>
  documents(page).getByRole('listitem').filter({ hasText: label });

async function upload(page: Page, label: string, file: string) {
  await documents(page)
    .getByLabel(new RegExp(`^Upload( again)? ${label}`))
    .setInputFiles(pdf(file));
  await expect(
    documents(page).getByText(`${file} was sent. The organisers will check it.`),
  ).toBeVisible();
  await expect(item(page, label).getByText('Submitted', { exact: true })).toBeVisible();
}

test('documents: sent on the team page, checked by the organiser, and the team ready to drive', async ({
  page,
  adminPage,
  serviceDb,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const team = `Documents Team ${stamp}`;
  const email = `documents.team.${stamp}@example.org`;
  try {
    await pinClocks(MARCH, page, adminPage);

    // A team registers and pays its deposit, then its balance on its own page.
    await page.goto('/sign-up');
    const form = page.locator('main').getByRole('form', { name: 'Rally registration' });
    await form.getByRole('textbox', { name: 'Full name', exact: true }).fill('Morgan Papers');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('07700 900123');
    await form.getByRole('textbox', { name: 'Team name', exact: true }).fill(team);
    await page.getByLabel(/I accept the/).check();
    await registerToCheckout(page);
    await page.getByRole('button', { name: PAY_TEST_MODE }).click();
    await expect(page.getByText('Your place is secured.')).toBeVisible();
    let teamPage = '';
    await expect
      .poll(async () => {
        const receipt = (await mailTo(email)).find((mail) => /deposit/i.test(mail.subject));
        teamPage =
          /href="[^"]*(\/my-registration\/[A-Za-z0-9_-]{43})"/.exec(receipt?.html ?? '')?.[1] ?? '';
        return teamPage;
      })
      .not.toBe('');
    await page.goto(teamPage);
    const money = page.getByRole('region', { name: 'Your payments' });
    await money.getByRole('button', { name: 'Pay balance' }).click();
    await page.getByRole('button', { name: /^Pay .*3,700.* \(test mode\)$/ }).click();
    await expect(money.getByText('Paid in full', { exact: true })).toBeVisible({ timeout: 20_000 });

    // The paid team sends its licence and its insurance certificate.
    await expect(documents(page).getByText('0 of 3 documents accepted.')).toBeVisible();
    await upload(page, "Lead driver's driving licence", 'licence.pdf');
    await upload(page, 'Insurance certificate', 'insurance.pdf');
    await expect(item(page, 'MOT certificate').getByText('Missing', { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // A driver born 17 years before the start is refused, beside the date.
    const details = page.getByRole('form', { name: 'Drivers and car' });
    const lead = details.getByRole('group', { name: 'Lead driver' });
    await lead.getByLabel('Date of birth').fill('2009-06-22');
    await details.getByRole('button', { name: 'Save documents' }).click();
    await expect(lead.getByLabel('Date of birth')).toHaveAccessibleDescription(
      'A driver must be 18 or over on 22 June 2026.',
    );
    await expect(lead.getByLabel('Date of birth')).toBeFocused();

    // The details as they should be, and the MOT.
    await lead.getByLabel('Date of birth').fill('1990-05-01');
    await lead.getByRole('textbox', { name: /Driving licence number/ }).fill('PAPER905010MP9AB');
    await lead.getByLabel('Licence valid until').fill('2031-01-31');
    await lead.getByRole('textbox', { name: /Emergency contact name/ }).fill('Pat Papers');
    await lead.getByRole('textbox', { name: /Emergency contact phone/ }).fill('07700 900999');
    const car = details.getByRole('group', { name: 'Car' });
    await car.getByRole('textbox', { name: /Vehicle make/ }).fill('Volvo');
    await car.getByRole('textbox', { name: /Vehicle model/ }).fill('240');
    await car.getByRole('textbox', { name: /Vehicle colour/ }).fill('Blue');
    await car.getByRole('textbox', { name: /Registration plate/ }).fill('PA93 PER');
    await car.getByLabel(/Insurance valid until/).fill('2026-12-31');
    await car.getByLabel('MOT valid until').fill('2027-02-28');
    await details.getByRole('button', { name: 'Save documents' }).click();
    await expect(details.getByText('Your documents have been saved.')).toBeVisible();
    await upload(page, 'MOT certificate', 'mot.pdf');

    // The organiser, by keyboard: the licence accepted, the insurance rejected with a reason.
    await adminPage.goto(`/admin/registrations?q=${encodeURIComponent(team)}`);
    const row = adminPage.getByTestId('inbox-row').filter({ hasText: team });
    await expect(row.getByText('Documents awaiting check', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'View details' }).click();
    const panel = row.getByRole('region', { name: 'Documents' });
    await panel.getByRole('button', { name: "Accept the Lead driver's driving licence" }).focus();
    await adminPage.keyboard.press('Enter');
    await expect(panel.getByRole('status')).toHaveText("Lead driver's driving licence: accepted.");
    await expect(panel.getByRole('heading', { name: 'Documents' })).toBeFocused();
    await panel.getByRole('button', { name: 'Reject the Insurance certificate' }).focus();
    await adminPage.keyboard.press('Enter');
    await expect(panel.getByRole('textbox', { name: /Reason, sent to the team/ })).toBeFocused();
    await adminPage.keyboard.type('It does not cover France.');
    await adminPage.keyboard.press('Enter');
    await expect(panel.getByRole('status')).toHaveText(
      'Insurance certificate: rejected. The team has been emailed the reason.',
    );
    await expect(panel.getByText('Rejected: It does not cover France.')).toBeVisible();
    expect(await axeViolations(adminPage)).toEqual([]);

    // The team receives the reason and the way back to its page.
    let rejection: Awaited<ReturnType<typeof mailTo>>[number] | undefined;
    await expect
      .poll(async () => {
        rejection = (await mailTo(email)).find((mail) =>
          /insurance certificate needs replacing/.test(mail.subject),
        );
        return Boolean(rejection);
      })
      .toBe(true);
    expect(rejection?.text).toContain('It does not cover France.');
    // Each email carries a fresh link to the same page: it shows the reason.
    const back = /href="[^"]*(\/my-registration\/[A-Za-z0-9_-]{43})"/.exec(
      rejection?.html ?? '',
    )?.[1];
    expect(back).toBeDefined();

    // A new certificate, accepted with the MOT: the inbox says the team is ready to drive.
    await page.goto(back ?? '');
    await expect(
      item(page, 'Insurance certificate').getByText('Rejected: It does not cover France.'),
    ).toBeVisible();
    await upload(page, 'Insurance certificate', 'insurance-europe.pdf');
    await adminPage.reload();
    await row.getByRole('button', { name: 'View details' }).click();
    await panel.getByRole('button', { name: 'Accept the Insurance certificate' }).click();
    await expect(panel.getByRole('status')).toHaveText('Insurance certificate: accepted.');
    await panel.getByRole('button', { name: 'Accept the MOT certificate' }).click();
    await expect(panel.getByRole('status')).toHaveText('MOT certificate: accepted.');
    await adminPage.goto(
      `/admin/registrations?readiness=${encodeURIComponent('ready to drive')}&q=${encodeURIComponent(team)}`,
    );
    await expect(adminPage.getByLabel('Readiness')).toHaveValue('ready to drive');
    await expect(row.getByText('Ready to drive', { exact: true })).toBeVisible();
    await page.reload();
    await expect(
      documents(page).getByText('Ready to drive: every document has been accepted.'),
    ).toBeVisible();

    // Paid in full and ready to drive: the team pack downloads, naming the team and its door.
    const { data: numbered } = await serviceDb
      .from('registrations')
      .select('door_number')
      .eq('team_name', team)
      .single()
      .throwOnError();
    expect(numbered.door_number).toBeGreaterThan(0);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the team pack' }).click();
    const pack = await downloading;
    expect(pack.suggestedFilename()).toBe(`team-pack-2026-door-${numbered.door_number}.pdf`);
    const bytes = await readFile(await pack.path());
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    const text = bytes.toString('latin1');
    expect(text).toContain(`(${team})`);
    expect(text).toContain(`(Door number: ${numbered.door_number})`);

    // A wrong link reads no file: not through the function, Storage, nor a guessed URL.
    const secret = teamPage.split('/').pop() ?? '';
    const wrong = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    const anon = {
      apikey: localSupabase.anonKey,
      Authorization: `Bearer ${localSupabase.anonKey}`,
    };
    const asked = await fetch(`${e2e.emulatorUrl}/functions/v1/team-documents`, {
      method: 'POST',
      headers: { ...anon, 'Content-Type': 'application/json' },
      body: JSON.stringify({ secret: wrong, kind: 'lead_licence', action: 'url' }),
    });
    expect(asked.status).toBe(404);
    expect(await asked.text()).not.toContain('token=');
    const { data: registered } = await serviceDb
      .from('registrations')
      .select('id')
      .eq('team_name', team)
      .single()
      .throwOnError();
    const { data: files } = await serviceDb
      .from('team_documents')
      .select('object_path')
      .eq('registration_id', registered.id)
      .eq('kind', 'lead_licence')
      .throwOnError();
    const path = files[0]?.object_path ?? '';
    expect(path).toMatch(/\/lead_licence\//);
    for (const url of [
      `${e2e.emulatorUrl}/storage/v1/object/documents/${path}`,
      `${e2e.emulatorUrl}/storage/v1/object/authenticated/documents/${path}`,
      `${e2e.emulatorUrl}/storage/v1/object/public/documents/${path}`,
    ]) {
      const guessed = await fetch(url, { headers: anon });
      expect(guessed.status, url).toBeGreaterThanOrEqual(400);
      expect(await guessed.text(), url).not.toContain('%PDF');
    }
    await page.goto(`/my-registration/${wrong}`);
    await expect(
      page.getByRole('heading', { name: 'This link is not valid or has expired' }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Documents' })).toHaveCount(0);
  } finally {
    await restoreDatabaseClock();
  }
});
