// The sponsors page's copy.

export const sponsorSteps = [
  { title: 'Choose a tier', text: 'Pick the level of support that suits your company.' },
  { title: 'Send an enquiry', text: 'Fill in the form below and we will call you back.' },
  { title: 'Meet your team', text: 'We pair you with a rally team and agree your branding.' },
  { title: 'Follow the rally', text: 'Cheer your car across Europe and share the story.' },
] as const;

export const whySponsor = [
  {
    title: 'Real impact',
    text: 'Your support funds rare genetic condition research and lifelong care for disabled children.',
  },
  {
    title: 'Seen across Europe',
    text: 'Your brand travels through six countries, on the road and across our channels.',
  },
  {
    title: 'A story worth telling',
    text: 'Engage staff and customers with a week of adventure for a cause they can get behind.',
  },
] as const;

export const sponsorCarPhotos = [
  {
    src: '/media/sponsor-car-1.webp',
    alt: 'A sponsored rally car with logos on the doors, parked on an Alpine pass',
  },
  {
    src: '/media/sponsor-car-2.webp',
    alt: 'A blue rally car carrying a sponsor panel on the door',
  },
  {
    src: '/media/sponsor-car-3.webp',
    alt: 'A sponsor logo on the bonnet of a rally car beside a lake',
  },
] as const;
