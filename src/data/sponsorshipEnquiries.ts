// Sponsorship enquiries: the visitor's one write (submit_sponsorship_enquiry answers the
// reference the delivery function needs) and the organiser's inbox list.
import { publicDb, type DbClient } from './client';
import { throwIfRefused } from './submissions';

export type SponsorshipEnquiryInput = {
  companyName: string;
  email: string;
  phone: string;
  tier: string;
  message: string;
  website: string;
};

/** Stores an enquiry and answers its reference; throws a SubmissionError when refused. */
export async function submitSponsorshipEnquiry(
  input: SponsorshipEnquiryInput,
  db: DbClient = publicDb,
): Promise<string> {
  const answer = await db.rpc('submit_sponsorship_enquiry', {
    company_name: input.companyName.trim(),
    email: input.email.trim(),
    phone: input.phone.trim(),
    tier: input.tier,
    message: input.message.trim(),
    ...(input.website ? { website: input.website } : {}),
  });
  throwIfRefused(answer);
  return answer.data ?? '';
}
