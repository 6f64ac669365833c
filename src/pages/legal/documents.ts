// The terms and the privacy policy. Both were last updated on 15 October 2025.
import type { CancellationTier, SiteSettings } from '../../config/site-defaults';
import { dateRangeLabel } from '../../lib/calendar';
import { formatLongDate } from '../../../supabase/functions/_shared/formats/dates';
import { formatMoney } from '../../../supabase/functions/_shared/formats/money';

export type LegalSection = {
  heading: string;
  paragraphs?: readonly string[];
  points?: readonly string[];
};
export type LegalDocument = {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: readonly LegalSection[];
};

/**
 * The cancellation scale in the spec's words, from the edition's tiers (the database refunds by
 * the same tiers: cancellation_quote): most notice first, then 'No refund' closer than the last.
 */
export function cancellationPoints(tiers: readonly CancellationTier[]): string[] {
  const refund = (percent: number) =>
    percent > 0 ? `${percent}% of the entry fee, excluding the deposit` : 'No refund';
  const points = tiers.map(({ fromDays, percent }, index) => {
    const previous = tiers[index - 1];
    const notice =
      previous === undefined
        ? fromDays === 0
          ? 'Any time before the start'
          : `More than ${fromDays - 1} days before the start`
        : previous.fromDays - 1 === fromDays
          ? `${fromDays} days before the start`
          : `${fromDays}-${previous.fromDays - 1} days before the start`;
    return `${notice}: ${refund(percent)}.`;
  });
  const last = tiers.at(-1);
  if (last === undefined) return ['Cancellation: No refund.'];
  if (last.fromDays > 0)
    points.push(`Less than ${last.fromDays} days before the start: No refund.`);
  return points;
}

export const terms = ({ edition, organisation }: SiteSettings): LegalDocument => ({
  title: 'Terms and Conditions',
  lastUpdated: '2025-10-15',
  intro: `These terms apply to everyone who registers a team for the ${edition.name} (${dateRangeLabel(edition.startDate, edition.endDate)}). By registering you accept them on behalf of everyone in your car.`,
  sections: [
    {
      heading: 'Who can take part',
      points: [
        'Every participant must be at least 18 years old on the first day of the rally.',
        'Every driver must hold a full, valid driving licence for the countries on the route.',
        'Every vehicle must have valid insurance covering European driving for the whole rally, and breakdown cover is strongly recommended.',
        'Every vehicle must be roadworthy, legally registered and, where required, have a current MOT.',
      ],
    },
    {
      heading: 'Entry fee and deposit',
      paragraphs: [
        `The entry fee is ${formatMoney(edition.price)} per car for two guests sharing a twin or double room; separate rooms cost extra.`,
        `A deposit of ${formatMoney(edition.deposit)} secures your place. The deposit is non-refundable. ${
          edition.balanceDue
            ? `The balance is due on ${formatLongDate(edition.balanceDue)}.`
            : 'The balance is due on the date given in your confirmation email.'
        }`,
      ],
    },
    {
      heading: 'Cancellation by you',
      paragraphs: [
        'If you cancel, the refund of the entry fee depends on how long before the rally starts we receive your written notice:',
      ],
      points: cancellationPoints(edition.cancellationTiers),
    },
    {
      heading: 'Changes and cancellation by us',
      paragraphs: [
        'The route is a mystery route and may change for safety, weather or local restrictions. If we have to cancel the rally we will refund all payments received, including the deposit.',
      ],
    },
    {
      heading: 'Conduct and safety',
      points: [
        'You must obey the traffic laws of every country you drive through; the rally is not a race.',
        'You are responsible for your vehicle, your passengers and your belongings throughout the rally.',
        'We may exclude any participant who endangers others or brings the rally or the charity into disrepute, without refund.',
      ],
    },
    {
      heading: 'Photos and film',
      paragraphs: [
        'We photograph and film the rally and may use images of participants and cars to promote the rally and the charity.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [`Questions about these terms: ${organisation.email}.`],
    },
  ],
});

/** '1 month', '12 months'. */
const months = (count: number) => `${count} ${count === 1 ? 'month' : 'months'}`;

export const privacy = ({ organisation }: SiteSettings): LegalDocument => ({
  title: 'Privacy Policy',
  lastUpdated: '2025-10-15',
  intro:
    'This policy explains what personal information the Europe Rally collects through this website, why, and the choices you have.',
  sections: [
    {
      heading: 'What we collect',
      points: [
        'Registration details: the names, email addresses and phone numbers of the drivers, your team name and vehicle details.',
        "Before the rally: each driver's date of birth, driving licence number and expiry, an emergency contact, and copies of the licences, the insurance certificate and the MOT certificate.",
        'Sponsorship enquiries: your company name, email address, phone number, chosen tier and message.',
        'Contact messages: your name, email address, optional phone number, subject and message.',
        'The newsletter and the waiting list: your email address (and for the waiting list your name and phone number), with a record of what you agreed to, in which words, when and where.',
        'A record of the emails we send you: which email, when, and whether it was delivered.',
      ],
    },
    {
      heading: 'How we use it',
      points: [
        'To organise the rally and communicate with participants.',
        'To reply to sponsorship enquiries and contact messages.',
        'To send the newsletter, only once you have confirmed your address from the email we send you. Every newsletter has an unsubscribe link that works in one click.',
        'To meet our legal obligations as a charity.',
      ],
    },
    {
      heading: 'Payments',
      paragraphs: [
        'Deposit payments are taken by our payment provider on its own secure page. We never see or store your card details.',
      ],
    },
    {
      heading: 'Sharing',
      paragraphs: [
        'We do not sell your information. We share it only with the services that help us run the rally (for example hotels and our payment provider) and only as much as they need.',
      ],
    },
    {
      heading: 'Videos',
      paragraphs: [
        'Films hosted by third parties load only when you press play; until then no third-party player or cookie is loaded.',
      ],
    },
    {
      heading: 'Keeping and deleting your information',
      paragraphs: [
        `A team's personal details (names, email addresses, phone numbers, vehicle and plate, emergency contacts, dates of birth, licence details and the documents sent to us) are kept for ${months(organisation.retentionMonths)} after the rally ends, then erased.`,
        "The amounts paid and refunded and their dates are kept without anyone's name for as long as the law requires of a charity's accounts.",
        'Contact messages and sponsorship enquiries are kept for no longer than two years.',
        'Newsletter addresses are kept until you unsubscribe; the record of your consent and of its withdrawal is kept to show what you agreed to.',
        'You may ask to see, correct or delete your information at any time.',
      ],
    },
    {
      heading: 'Asking for a copy or for erasure',
      paragraphs: [
        `Write to ${organisation.email} from the address you gave us. We will send you a copy of everything we hold about that address as a file, or erase it, within one month. Erasure replaces your names, contact details, notes and messages, and deletes your documents; payment amounts and dates stay for our accounts.`,
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [`Write to ${organisation.email} or ${organisation.address}.`],
    },
  ],
});
