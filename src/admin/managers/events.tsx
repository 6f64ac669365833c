import type { EventType, Insert, RallyEvent } from '../../data/types';
import { eventsAdmin } from '../../data/events';
import { describedImageField, publishedField } from '../crud/fields';
import { optional, text, totalLine } from '../crud/form-rules';
import { ListCard, ListThumbnail, Tag } from '../crud/RowCard';
import { tableActions } from '../crud/table-actions';
import type { ManagerDescription } from '../crud/types';

const EVENT_TYPES: readonly EventType[] = ['Main Rally', 'Meetup', 'Fundraiser', 'Workshop'];

type EventForm = {
  name: string;
  date: string;
  time: string;
  location: string;
  type: string;
  status: string;
  attendees: string;
  description: string;
  image_url: string;
  image_alt: string;
  image_decorative: boolean;
  published: boolean;
};

const toRow = (form: EventForm): Insert<'events'> => ({
  name: form.name.trim(),
  date: form.date.trim(),
  time: form.time.trim(),
  location: form.location.trim(),
  type: EVENT_TYPES.find((type) => type === form.type) ?? 'Meetup',
  status: form.status.trim(),
  attendees: form.attendees.trim(),
  description: form.description.trim(),
  image_url: optional(form.image_url),
  image_alt: form.image_decorative ? '' : form.image_alt.trim(),
  image_decorative: form.image_decorative,
  published: form.published,
});

export const eventsManager: ManagerDescription<RallyEvent, EventForm> = {
  title: 'Events Manager',
  noun: 'event',
  countLine: totalLine('event', 'events'),
  plural: 'events',
  addLabel: 'Add Event',
  firstAddLabel: 'Add Your First Event',
  loadingText: 'Loading events...',
  emptyText: 'No events yet',
  layout: 'list',
  fields: [
    { kind: 'text', name: 'name', label: 'Name', required: true },
    // Date, time and status are free text: 'June 22-28, 2026', '9:00 AM', 'Sold Out'.
    {
      kind: 'text',
      name: 'date',
      label: 'Date',
      required: true,
      half: true,
      placeholder: 'e.g. June 22-28, 2026',
    },
    {
      kind: 'text',
      name: 'time',
      label: 'Time',
      required: true,
      half: true,
      placeholder: 'e.g. 9:00 AM',
    },
    { kind: 'text', name: 'location', label: 'Location', required: true, half: true },
    {
      kind: 'select',
      name: 'type',
      label: 'Type',
      required: true,
      half: true,
      options: EVENT_TYPES.map((type) => ({ value: type, label: type })),
    },
    { kind: 'text', name: 'status', label: 'Status', required: true, half: true },
    {
      kind: 'text',
      name: 'attendees',
      label: 'Attendees',
      required: true,
      half: true,
      placeholder: 'e.g. 40 cars',
    },
    { kind: 'textarea', name: 'description', label: 'Description', required: true },
    describedImageField('image_url', 'Image', {
      text: 'image_alt',
      decorative: 'image_decorative',
    }),
    publishedField('events'),
  ],
  defaults: () => ({
    name: '',
    date: '',
    time: '',
    location: '',
    type: 'Meetup',
    status: 'Registration Open',
    attendees: '',
    description: '',
    image_url: '',
    image_alt: '',
    image_decorative: false,
    published: false,
  }),
  fromRow: (event) => ({
    name: event.name,
    date: event.date,
    time: event.time,
    location: event.location,
    type: event.type,
    status: event.status,
    attendees: event.attendees,
    description: event.description,
    image_url: text(event.image_url),
    image_alt: event.image_alt,
    image_decorative: event.image_decorative,
    published: event.published,
  }),
  validate: (form) =>
    EVENT_TYPES.some((type) => type === form.type) ? {} : { type: 'Choose an event type.' },
  ...tableActions(eventsAdmin, toRow, {
    search: 'Search events',
    filters: { type: ['Event type', 'All types'] },
    sorts: { date: 'Date', name: 'Name (A to Z)', newest: 'Recently added' },
  }),
  rowName: (event) => event.name,
  renderRow: (event, badge) => (
    <ListCard
      title={event.name}
      badge={badge}
      tags={<Tag tone="blue">{event.type}</Tag>}
      media={<ListThumbnail src={event.image_url} />}
    >
      <p className="text-sm text-slate-700">
        {event.date} · {event.time} · {event.location}
      </p>
      <p className="text-sm text-slate-600">
        {event.status}
        {event.attendees ? ` · ${event.attendees}` : ''}
      </p>
    </ListCard>
  ),
};
