import type { Insert, PastTour } from '../../data/types';
import { pastToursAdmin } from '../../data/pastTours';
import { raisedAmount } from '../../lib/field-rules';
import { imageField, publishedField, yearField } from '../crud/fields';
import { currentYear, optional, parseInteger, text, totalLine, yearText } from '../crud/form-rules';
import { ListCard, ListThumbnail } from '../crud/RowCard';
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
  plural: 'tours',
  addLabel: 'Add Tour',
  firstAddLabel: 'Add Your First Tour',
  loadingText: 'Loading past tours...',
  emptyText: 'No past tours yet',
  layout: 'list',
  fields: [
    yearField,
    {
      kind: 'text',
      name: 'funds_raised',
      label: 'Funds Raised',
      required: true,
      half: true,
      placeholder: 'e.g. £12,500',
      hint: 'Pounds, such as £12,500: the site adds it to the total raised.',
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
    imageField('image_url', 'Image'),
    publishedField('tours'),
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
    const errors: Partial<Record<'participants' | 'miles' | 'funds_raised', string>> = {};
    if (form.funds_raised.trim() && !raisedAmount.test(form.funds_raised))
      errors.funds_raised = raisedAmount.message;
    if (form.participants.trim().startsWith('-'))
      errors.participants = 'Participants cannot be negative.';
    if (form.miles.trim().startsWith('-')) errors.miles = 'Miles cannot be negative.';
    return errors;
  },
  ...tableActions(pastToursAdmin, toRow, {
    search: 'Search past tours',
    filters: { year: ['Season', 'All seasons'] },
    sorts: {
      newest: 'Year (newest first)',
      oldest: 'Year (oldest first)',
      route: 'Route (A to Z)',
    },
  }),
  rowName: (tour) => tour.route,
  renderRow: (tour, badge) => (
    <ListCard
      title={`${tour.year}: ${tour.route}`}
      badge={badge}
      media={<ListThumbnail src={tour.image_url} />}
    >
      <p className="text-sm text-slate-700">
        {tour.participants} participants · {tour.miles} miles · {tour.funds_raised} raised
      </p>
    </ListCard>
  ),
};
