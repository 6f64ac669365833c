// Every admin screen, listed once. This list drives the routes (AdminApp), the dashboard's
// tiles (DashboardPage) and the navigation between screens (AdminNav): a screen added here
// appears in all three, in this order.
//
// How to add an admin screen
// - A content manager (a publishable table edited in a form): describe the entity in
//   src/admin/managers/<entity>.tsx (a ManagerDescription: fields, wording, row rendering, and
//   `...tableActions(<entity>Admin, toRow, labels)` for its data), give the table a list spec in
//   src/data/<entity>.ts, and add `contentScreen(description, tile)` below.
// - An inbox (registrations, enquiries, messages, subscribers: read-mostly, with a detail view,
//   a status change, delete and CSV export): build its screen from the same pieces the content
//   list uses rather than from ContentManager: the view in the URL (list/useListQuery), a page
//   from listPage on the data core (lib/useLoad with keepPrevious), ListToolbar and
//   ListPagination, ui/ConfirmDialog and ui/LoadFailed; then add `{ path, title, summary, Icon,
//   element }` below. A dashboard count of new items belongs on the tile: give AdminScreen a
//   `count` and DashboardPage draws it, for every screen that has one.
// - A screen of its own (the audit log, the administrators): the same list pieces (or, for a
//   short list such as the administrators, lib/useLoad with ui/LoadFailed), added with
//   `{ path, … element }`.
// - Every content manager has its Trash view (?view=trash), bulk actions (crud/useSelection and
//   ContentList's bar) and moving rows (crud/useRowOrder, for tables ordered by hand); any screen
//   confirms its saves with `useToast()` (ui/Toast.tsx; the provider is in AdminShell).
import type { ReactNode } from 'react';
import {
  BriefcaseBusiness,
  CalendarDays,
  CalendarRange,
  ClipboardList,
  Film,
  Handshake,
  History,
  ScrollText,
  Image,
  Images,
  Inbox,
  Mail,
  ListOrdered,
  MailPlus,
  MessageSquareQuote,
  Newspaper,
  Settings,
  UserCog,
  UserSearch,
  type LucideIcon,
} from 'lucide-react';
import { AdministratorsPage } from './administrators/AdministratorsPage';
import { AuditLogPage } from './audit/AuditLogPage';
import type { InboxName } from '../data/inbox';
import { ContentManager } from './crud/ContentManager';
import { EditionsScreen } from './editions/EditionsScreen';
import { InboxScreen } from './inbox/InboxScreen';
import { MailingsScreen } from './mailings/MailingsScreen';
import {
  enquiriesInbox,
  messagesInbox,
  registrationsInbox,
  subscribersInbox,
} from './inbox/inboxes';
import type { ContentRow, FormValues, ManagerDescription } from './crud/types';
import { eventsManager } from './managers/events';
import { galleryManager } from './managers/gallery';
import { newsManager } from './managers/news';
import { pastToursManager } from './managers/past-tours';
import { sponsorsManager } from './managers/sponsors';
import { testimonialsManager } from './managers/testimonials';
import { videosManager } from './managers/videos';
import { SettingsPage } from './SettingsPage';
import { MediaLibraryScreen } from './screens/MediaLibraryScreen';
import { PersonalDataScreen } from './personal-data/PersonalDataScreen';
import { WaitingListScreen } from './waiting-list/WaitingListScreen';
import { supabase } from './supabase';

/** The navigation's groups, in its order. */
export const ADMIN_GROUPS = ['Inbox', 'Content', 'Rally', 'Site', 'People'] as const;
export type AdminGroup = (typeof ADMIN_GROUPS)[number];

export type AdminScreen = {
  /** The URL segment under /admin ('gallery' is /admin/gallery; see paths.adminScreen). */
  path: string;
  /** Where the navigation lists it. */
  group: AdminGroup;
  /** The tile's heading and the navigation link's text. */
  title: string;
  /** The tile's line of explanation. */
  summary: string;
  Icon: LucideIcon;
  /** The screen, drawn inside the admin guard and layout. */
  element: ReactNode;
  /** The inbox whose count of new items the dashboard shows on the tile. */
  newItems?: InboxName;
};

/** A screen that is a content manager, run by the shared ContentManager. */
function contentScreen<R extends ContentRow, V extends FormValues>(
  description: ManagerDescription<R, V>,
  tile: Omit<AdminScreen, 'element'>,
): AdminScreen {
  return { ...tile, element: <ContentManager description={description} db={supabase} /> };
}

export const adminScreens: readonly AdminScreen[] = [
  {
    path: 'registrations',
    group: 'Inbox',
    title: 'Registrations',
    summary: 'Teams, deposits and webhook deliveries',
    Icon: ClipboardList,
    newItems: 'registrations',
    element: <InboxScreen description={registrationsInbox} db={supabase} />,
  },
  {
    path: 'waiting-list',
    group: 'Inbox',
    title: 'Waiting list',
    summary: 'Who waits for a place on a full edition, and its offers',
    Icon: ListOrdered,
    element: <WaitingListScreen db={supabase} />,
  },
  {
    path: 'enquiries',
    group: 'Inbox',
    title: 'Sponsorship Enquiries',
    summary: 'Companies asking to sponsor',
    Icon: BriefcaseBusiness,
    newItems: 'enquiries',
    element: <InboxScreen description={enquiriesInbox} db={supabase} />,
  },
  {
    path: 'messages',
    group: 'Inbox',
    title: 'Messages',
    summary: 'Contact form messages',
    Icon: Inbox,
    newItems: 'messages',
    element: <InboxScreen description={messagesInbox} db={supabase} />,
  },
  {
    path: 'subscribers',
    group: 'Inbox',
    title: 'Subscribers',
    summary: 'Newsletter and waiting list sign-ups',
    Icon: MailPlus,
    newItems: 'subscribers',
    element: <InboxScreen description={subscribersInbox} db={supabase} />,
  },
  {
    path: 'mailings',
    group: 'People',
    title: 'Mailings',
    summary: 'Write to the subscribers, an edition’s teams or its waiting list',
    Icon: Mail,
    element: <MailingsScreen db={supabase} functions={supabase} />,
  },
  {
    path: 'editions',
    group: 'Rally',
    title: 'Editions',
    summary: 'Each year’s rally: dates, prices, places and which one is current',
    Icon: CalendarRange,
    element: <EditionsScreen db={supabase} />,
  },
  contentScreen(eventsManager, {
    path: 'events',
    group: 'Rally',
    title: 'Events',
    summary: 'Rally events and meetups',
    Icon: CalendarDays,
  }),
  contentScreen(pastToursManager, {
    path: 'past-tours',
    group: 'Rally',
    title: 'Past Tours',
    summary: 'Previous rallies and their results',
    Icon: History,
  }),
  contentScreen(galleryManager, {
    path: 'gallery',
    group: 'Content',
    title: 'Gallery',
    summary: 'Photos shown in the gallery',
    Icon: Image,
  }),
  contentScreen(videosManager, {
    path: 'videos',
    group: 'Content',
    title: 'Videos',
    summary: 'Rally films and clips',
    Icon: Film,
  }),
  contentScreen(sponsorsManager, {
    path: 'sponsors',
    group: 'Content',
    title: 'Sponsors',
    summary: 'Sponsor logos, tiers and links',
    Icon: Handshake,
  }),
  contentScreen(newsManager, {
    path: 'news',
    group: 'Content',
    title: 'News',
    summary: 'Articles and their images',
    Icon: Newspaper,
  }),
  contentScreen(testimonialsManager, {
    path: 'testimonials',
    group: 'Content',
    title: 'Testimonials',
    summary: 'Quotes from past participants',
    Icon: MessageSquareQuote,
  }),
  {
    path: 'media',
    group: 'Content',
    title: 'Media Library',
    summary: 'Uploaded photos and films, with their alt text',
    Icon: Images,
    element: <MediaLibraryScreen />,
  },
  {
    path: 'settings',
    group: 'Site',
    title: 'Settings',
    summary: 'Site settings such as the rally’s capacity',
    Icon: Settings,
    element: <SettingsPage />,
  },
  {
    path: 'audit-log',
    group: 'Site',
    title: 'Audit log',
    summary: 'Who changed what, and when',
    Icon: ScrollText,
    element: <AuditLogPage />,
  },
  {
    path: 'administrators',
    group: 'People',
    title: 'Administrators',
    summary: 'Who can sign in and manage the website',
    Icon: UserCog,
    element: <AdministratorsPage />,
  },
  {
    path: 'personal-data',
    group: 'People',
    title: 'Personal data',
    summary: 'Everything held about an email address: export or erase it',
    Icon: UserSearch,
    element: <PersonalDataScreen db={supabase} functions={supabase} />,
  },
];
