// The charity's contact details. Kept out of rally.ts because the footer, in every page's first
// download, needs only these.
export const contactDetails = {
  email: 'info@europerally.org.uk',
  phone: '+44 (0)20 7946 0321',
  phoneHref: 'tel:+442079460321',
  address: 'Europe Rally, PO Box 2026, London, United Kingdom',
  social: [
    { label: 'Facebook', href: 'https://www.facebook.com/' },
    { label: 'Instagram', href: 'https://www.instagram.com/' },
    { label: 'YouTube', href: 'https://www.youtube.com/' },
  ],
} as const;
