// The shapes the participants' emails are made of: what a rendered email is, the facts of the
// edition an email is about (from claim_email / claim_webhook_delivery, supabase/schemas/submissions.sql)
// and the team page link (or, on the co-driver's copy, the co-driver's own link). Plain types, so the templates type-check under tsc and Deno alike.
import type { Pence } from '../formats/money.ts';

export type { Pence };

/** `fromName` is the sender's display name: the edition's name when the email is about one. */
export type Email = {
  to: string;
  subject: string;
  text: string;
  html: string;
  fromName?: string;
  /** Extra message headers (List-Unsubscribe, for instance), sent as the email API takes them. */
  headers?: Record<string, string>;
};

/** The facts of a row's edition as the claim functions add them (money in pence). */
export type EditionFacts = {
  id: string;
  year: number;
  name: string;
  startDate: string;
  endDate: string;
  deposit: Pence;
};

/**
 * The team's own page: `link` is the whole address, `<site>/my-registration/<secret>` (the secret
 * is made and hashed by the database; the email is the only place it is written), and `expiresOn`
 * the calendar date ('YYYY-MM-DD') after which the secret stops working.
 */
export type TeamPage = {
  link: string;
  expiresOn: string;
  /**
   * The co-driver's copy: `link` is their own `<site>/my-registration/co-driver/<secret>`, which
   * opens their driver section only, never the lead's page.
   */
  forCoDriver?: boolean;
};

/** A payment as the ledger records it: its amount in the currency's minor unit, when, its id. */
export type Payment = { amount: Pence; currency: string; paidAt: string; paymentId: string };
