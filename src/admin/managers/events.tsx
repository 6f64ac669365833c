import type { EventType, Insert, RallyEvent } from '../../data/types';
import { eventDateLabel, eventsAdmin } from '../../data/events';
import { describedImageField, publishedField } from '../crud/fields';
import { optional, text, todayLocal, totalLine } from '../crud/form-rules';
import { ListCard, ListThumbnail, Tag } from '../crud/RowCard';
import { tableActions } from '../crud/table-actions';
import type { ManagerDescription } from '../crud/types';

const EVENT_TYPES: readonly EventType[] = ['Main Rally', 'Meetup', 'Fundraiser', 'Workshop'];

type EventForm = {
  name: string;
  starts_on: string;
  ends_on: string;
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
  starts_on: form.starts_on.trim(),
  ends_on: optional(form.ends_on),
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
    // The dates order the lists and split upcoming from past; the display text, when given,
    // is shown instead of them ('Date TBC', 'Late September'). Time and status are free text.
    { kind: 'date', name: 'starts_on', label: 'Start Date', required: true, half: true },
    {
      kind: 'date',
      name: 'ends_on',
      label: 'End Date',
      half: true,
      hint: 'Optional: the last day of an event that runs over several days.',
    },
    {
      kind: 'text',
      name: 'date',
      label: 'Date Display Text',
      half: true,
      placeholder: 'e.g. September 2026 (date TBC)',
      hint: 'Optional: shown instead of the dates.',
    },
    {
      kind: 'text',
      name: 'time',
      label: 'Time',
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
    starts_on: todayLocal(),
    ends_on: '',
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
    starts_on: event.starts_on,
    ends_on: text(event.ends_on),
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
  validate: (form) => ({
    ...(EVENT_TYPES.some((type) => type === form.type) ? {} : { type: 'Choose an event type.' }),
    ...(form.ends_on.trim() && form.ends_on < form.starts_on
      ? { ends_on: 'The end date cannot be before the start date.' }
      : {}),
  }),
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
        {eventDateLabel(event)}
        {event.time ? ` · ${event.time}` : ''} · {event.location}
      </p>
      <p className="text-sm text-slate-600">
        {event.status}
        {event.attendees ? ` · ${event.attendees}` : ''}
      </p>
    </ListCard>
  ),
};
