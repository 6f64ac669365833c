import type { Insert, PastTour } from '../../data/database.types';
import { pastToursAdmin } from '../../data/pastTours';
import { ImageWithFallback } from '../crud/ImageWithFallback';
import { currentYear, optional, parseInteger, text, totalLine, yearText } from '../crud/form-rules';
import { tableActions } from '../crud/table-actions';
import type { ManagerDescription } from '../crud/types';

type PastTourForm = {
  year: string;
  route: string;
  participants: string;
  funds_raised: string;
  miles: string;
  image_url: string;
  published: boolean;
};

const toRow = (form: PastTourForm): Insert<'past_tours'> => ({
  year: parseInteger(form.year),
  route: form.route.trim(),
  participants: parseInteger(form.participants),
  funds_raised: form.funds_raised.trim(),
  miles: parseInteger(form.miles),
  image_url: optional(form.image_url),
  published: form.published,
});

export const pastToursManager: ManagerDescription<PastTour, PastTourForm> = {
  title: 'Past Tours Manager',
  noun: 'tour',
  countLine: totalLine('tour', 'tours'),
  addLabel: 'Add Tour',
  firstAddLabel: 'Add Your First Tour',
  loadingText: 'Loading past tours...',
  emptyText: 'No past tours yet',
  layout: 'list',
  fields: [
    { kind: 'integer', name: 'year', label: 'Year', required: true, half: true },
    {
      kind: 'text',
      name: 'funds_raised',
      label: 'Funds Raised',
      required: true,
      half: true,
      placeholder: 'e.g. £12,500',
    },
    {
      kind: 'text',
      name: 'route',
      label: 'Route',
      required: true,
      placeholder: 'e.g. London to Monaco',
    },
    {
      kind: 'integer',
      name: 'participants',
      label: 'Participants',
      required: true,
      half: true,
      example: '24',
    },
    { kind: 'integer', name: 'miles', label: 'Miles', required: true, half: true, example: '1500' },
    { kind: 'media', name: 'image_url', label: 'Image', accept: 'image' },
    {
      kind: 'checkbox',
      name: 'published',
      label: 'Published',
      hint: 'Only published tours appear on the website.',
    },
  ],
  defaults: () => ({
    year: String(currentYear()),
    route: '',
    participants: '',
    funds_raised: '',
    miles: '',
    image_url: '',
    published: false,
  }),
  fromRow: (tour) => ({
    year: yearText(tour.year),
    route: tour.route,
    participants: String(tour.participants),
    funds_raised: tour.funds_raised,
    miles: String(tour.miles),
    image_url: text(tour.image_url),
    published: tour.published,
  }),
  validate: (form) => {
    const errors: Partial<Record<'participants' | 'miles', string>> = {};
    if (form.participants.trim().startsWith('-'))
      errors.participants = 'Participants cannot be negative.';
    if (form.miles.trim().startsWith('-')) errors.miles = 'Miles cannot be negative.';
    return errors;
  },
  ...tableActions(pastToursAdmin, toRow),
  rowName: (tour) => tour.route,
  renderRow: (tour, badge) => (
    <div className="flex items-start gap-4">
      {tour.image_url ? (
        <ImageWithFallback
          src={tour.image_url}
          alt=""
          loading="lazy"
          className="h-20 w-28 shrink-0 rounded object-cover"
        />
      ) : null}
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold text-slate-900">
            {tour.year}: {tour.route}
          </h2>
          {badge}
        </div>
        <p className="text-sm text-slate-700">
          {tour.participants} participants · {tour.miles} miles · {tour.funds_raised} raised
        </p>
      </div>
    </div>
  ),
};
