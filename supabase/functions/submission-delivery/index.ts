// Delivers a stored submission: the webhook copy (registration or sponsorship automation; the
// URL is a function secret, never in the site's code) and the visitor's email (registration
// confirmation, enquiry acknowledgement). The site calls it right after the row is stored, with
// the reference the database handed back; the row is already safe, so a failure here is only
// recorded on the row (webhook status, last error, attempts) for the admin to see and retry.
//
// Not an open sender: it takes only a row id, sends only to the address on that row, each email
// once and to each address at most one acknowledgement a day (claim_email decides both), with
// no text the visitor typed (_shared/email.ts), and the first webhook delivery once; only an
// administrator may retry a failed delivery. The confirmation carries a fresh link to the team's
// page (issue_team_link), made only once the email is claimed; once it is sent, the co-driver (if
// an address was given) gets a copy with their own link instead (the email log's copy).
import { callRpc } from '../_shared/database.ts';
import {
  editionOf,
  enquiryAcknowledgement,
  registrationConfirmation,
  sendEmail,
} from '../_shared/email.ts';
import { json, Refusal, serve } from '../_shared/http.ts';
import { issueTeamPage, sendCoDriverCopy } from '../_shared/participant-emails.ts';
import { isUuid } from '../_shared/validate.ts';

type Kind = 'registration' | 'sponsorship';
type Row = Record<string, unknown>;

const webhookUrl = (kind: Kind) =>
  Deno.env.get(kind === 'registration' ? 'REGISTRATION_WEBHOOK_URL' : 'SPONSORSHIP_WEBHOOK_URL');

/**
 * The JSON each automation has always received (spec section 3), plus the added fields: the
 * reference, when it was received, and the edition it belongs to (id, year and name), so an
 * automation files each registration under its own year.
 */
function payload(kind: Kind, row: Row): Record<string, unknown> {
  const { id, year, name } = editionOf(row);
  const added = { reference: row.id, receivedAt: row.created_at, edition: { id, year, name } };
  if (kind === 'sponsorship')
    return {
      companyName: row.company_name,
      email: row.email,
      phone: row.phone,
      tier: row.tier,
      message: row.message,
      ...added,
    };
  return {
    leadDriverName: row.lead_driver_name,
    leadDriverEmail: row.lead_driver_email,
    leadDriverPhone: row.lead_driver_phone,
    coDriverName: row.co_driver_name,
    coDriverEmail: row.co_driver_email,
    coDriverPhone: row.co_driver_phone,
    teamName: row.team_name,
    separateRooms: row.separate_rooms,
    vehicleMake: row.vehicle_make,
    vehicleColour: row.vehicle_colour,
    registrationPlate: row.registration_plate,
    ...added,
    termsAcceptedAt: row.terms_accepted_at,
  };
}

async function deliverWebhook(kind: Kind, id: string, retry: boolean): Promise<string> {
  const row = await callRpc<Row | null>('claim_webhook_delivery', { kind, row_id: id, retry });
  if (!row) return 'skipped';
  let error: string | null = null;
  const url = webhookUrl(kind);
  if (!url) error = `No webhook URL is configured (${kind.toUpperCase()}_WEBHOOK_URL)`;
  else {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload(kind, row)),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) error = `The webhook answered HTTP ${response.status}`;
      await response.body?.cancel();
    } catch (failure) {
      error = `The webhook could not be reached: ${String(failure)}`;
    }
  }
  await callRpc('record_webhook_delivery', { kind, row_id: id, delivered: !error, error });
  return error ? 'failed' : 'delivered';
}

async function sendConfirmation(kind: Kind, id: string): Promise<string> {
  const row = await callRpc<Row | null>('claim_email', { kind, row_id: id, email: 'confirmation' });
  if (!row) return 'skipped';
  try {
    await sendEmail(
      await (kind === 'registration'
        ? registrationConfirmation(row, await issueTeamPage(id, editionOf(row).endDate))
        : enquiryAcknowledgement(row)),
    );
  } catch (failure) {
    console.error('Could not send the confirmation', failure);
    await callRpc('claim_email', { kind, row_id: id, email: 'confirmation', release: true });
    return 'failed';
  }
  // Once the lead's is sent: the co-driver's copy, through the email log (once, with their link).
  if (kind === 'registration') await sendCoDriverCopy(id, 'confirmation');
  return 'sent';
}

serve(
  { name: 'submission-delivery', failure: 'The delivery could not be recorded' },
  async ({ body, caller }) => {
    const { kind, id, retry } = body;
    if (
      (kind !== 'registration' && kind !== 'sponsorship') ||
      typeof id !== 'string' ||
      !isUuid(id)
    )
      throw new Refusal(400, 'Expected { kind: "registration" | "sponsorship", id: <uuid> }');
    if (retry === true && (await caller()) !== 'admin')
      throw new Refusal(403, 'Only an administrator may retry a delivery');
    const webhook = await deliverWebhook(kind, id, retry === true);
    const email = await sendConfirmation(kind, id);
    return json(200, { webhook, email });
  },
);
