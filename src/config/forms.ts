// What visitors may type into the public forms. The database checks the same limits (CHECK
// constraints in supabase/schemas/submissions.sql), so a request made
// without the form is held to them too; tests/contract/hostile-product.test.ts proves that the
// two agree, field by field. Lengths are counted in characters (code points), as Postgres does.

/** Longest value of each contact-form field the database stores. */
export const contactLimits = {
  name: 200,
  email: 320,
  phone: 50,
  message: 2000,
} as const;

/**
 * What a contact message is about, as the contact form offers it and the inbox filters by it
 * (contact_messages.subject's CHECK holds the same values).
 */
export const contactSubjects = [
  { value: 'general', label: 'General enquiry' },
  { value: 'rally', label: 'The rally' },
  { value: 'sponsorship', label: 'Sponsorship' },
  { value: 'charity', label: 'The charity' },
  { value: 'media', label: 'Media and press' },
  { value: 'other', label: 'Other' },
] as const;

/**
 * The team's fields' limits, on the sign-up form and the team's page (private.refuse_team_fields
 * and the registrations table's checks).
 */
export const registrationLimits = {
  name: 200,
  teamName: 200,
  vehicleMake: 100,
  vehicleModel: 100,
  vehicleColour: 100,
  registrationPlate: 20,
  emergencyContactName: 200,
} as const;

/** The sponsorship enquiry's limits (submit_sponsorship_enquiry and its table's checks). */
export const sponsorshipLimits = {
  companyName: 200,
  message: 2000,
} as const;

/**
 * The field only robots fill: visually hidden, out of the tab order and hidden from assistive
 * technology. The database answers a submission that fills it like any other and stores nothing
 * (the public forms' guard, supabase/schemas/foundation.sql), so a robot learns nothing from the answer.
 */
export const HONEYPOT_FIELD = 'website';
