import { Mail, Phone } from 'lucide-react';
import { contactDetails } from '../config/contact';

/** The team's email and phone as list items with icons (contact page, payment confirmation). */
export function ContactLinks() {
  return (
    <>
      <li className="flex items-start gap-3">
        <Mail aria-hidden="true" className="mt-1 h-5 w-5 text-amber-600" />
        <a
          href={`mailto:${contactDetails.email}`}
          className="font-medium text-blue-800 hover:text-blue-600"
        >
          {contactDetails.email}
        </a>
      </li>
      <li className="flex items-start gap-3">
        <Phone aria-hidden="true" className="mt-1 h-5 w-5 text-amber-600" />
        <a
          href={contactDetails.phoneHref}
          className="font-medium text-blue-800 hover:text-blue-600"
        >
          {contactDetails.phone}
        </a>
      </li>
    </>
  );
}
