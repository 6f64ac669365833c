import type { Insert, Sponsor, SponsorTier } from '../../data/types';
import { sponsorsAdmin } from '../../data/sponsors';
import { describedImageField, publishedField, sortOrderField } from '../crud/fields';
import { ImageWithFallback } from '../ui/ImageWithFallback';
import { optional, parseInteger, text, totalLine } from '../crud/form-rules';
import { ListCard, Tag } from '../crud/RowCard';
import { tableActions } from '../crud/table-actions';
import type { ManagerDescription } from '../crud/types';

const TIERS: readonly SponsorTier[] = ['Tier 1', 'Tier 2', 'Tier 3'];
/** New sponsors, and the form after every reset, start at the entry tier (never 'Bronze'). */
const DEFAULT_TIER: SponsorTier = 'Tier 3';

type SponsorForm = {
  name: string;
  tier: string;
  logo_url: string;
  logo_alt: string;
  logo_decorative: boolean;
  website_url: string;
  sort_order: string;
  published: boolean;
};

function asTier(value: string): SponsorTier {
  return TIERS.find((tier) => tier === value) ?? DEFAULT_TIER;
}

export const sponsorToRow = (form: SponsorForm): Insert<'sponsors'> => ({
  name: form.name.trim(),
  tier: asTier(form.tier),
  logo_url: optional(form.logo_url),
  logo_alt: form.logo_decorative ? '' : form.logo_alt.trim(),
  logo_decorative: form.logo_decorative,
  website_url: optional(form.website_url),
  sort_order: parseInteger(form.sort_order),
  published: form.published,
});

export const sponsorsManager: ManagerDescription<Sponsor, SponsorForm> = {
  title: 'Sponsors Manager',
  noun: 'sponsor',
  countLine: totalLine('sponsor', 'sponsors'),
  plural: 'sponsors',
  addLabel: 'Add Sponsor',
  firstAddLabel: 'Add Your First Sponsor',
  loadingText: 'Loading sponsors...',
  emptyText: 'No sponsors yet',
  layout: 'list',
  fields: [
    { kind: 'text', name: 'name', label: 'Name', required: true, half: true },
    {
      kind: 'select',
      name: 'tier',
      label: 'Tier',
      required: true,
      half: true,
      options: [
        { value: 'Tier 1', label: 'Tier 1 (Highest)' },
        { value: 'Tier 2', label: 'Tier 2' },
        { value: 'Tier 3', label: 'Tier 3' },
      ],
    },
    describedImageField('logo_url', 'Logo', { text: 'logo_alt', decorative: 'logo_decorative' }),
    { kind: 'url', name: 'website_url', label: 'Website', placeholder: 'https://example.com' },
    sortOrderField,
    publishedField('sponsors'),
  ],
  defaults: () => ({
    name: '',
    tier: DEFAULT_TIER,
    logo_url: '',
    logo_alt: '',
    logo_decorative: false,
    website_url: '',
    sort_order: '0',
    published: false,
  }),
  fromRow: (sponsor) => ({
    name: sponsor.name,
    tier: sponsor.tier,
    logo_url: text(sponsor.logo_url),
    logo_alt: sponsor.logo_alt,
    logo_decorative: sponsor.logo_decorative,
    website_url: text(sponsor.website_url),
    sort_order: String(sponsor.sort_order),
    published: sponsor.published,
  }),
  validate: (form) =>
    TIERS.some((tier) => tier === form.tier) ? {} : { tier: 'Choose a sponsor tier.' },
  ...tableActions(sponsorsAdmin, sponsorToRow, {
    search: 'Search sponsors',
    filters: { tier: ['Sponsor level', 'All levels'] },
    sorts: { order: 'Sort order', name: 'Name (A to Z)', tier: 'Tier', newest: 'Recently added' },
  }),
  rowName: (sponsor) => sponsor.name,
  renderRow: (sponsor, badge) => (
    <ListCard
      title={sponsor.name}
      badge={badge}
      tags={<Tag tone="amber">{sponsor.tier}</Tag>}
      media={
        sponsor.logo_url ? (
          <ImageWithFallback
            src={sponsor.logo_url}
            alt={`${sponsor.name} logo`}
            loading="lazy"
            className="h-16 w-24 shrink-0 rounded bg-slate-50 object-contain"
          />
        ) : (
          <div className="flex h-16 w-24 shrink-0 items-center justify-center rounded bg-slate-100 text-xs text-slate-600">
            No logo
          </div>
        )
      }
    >
      {sponsor.website_url ? (
        <a
          href={sponsor.website_url}
          target="_blank"
          rel="noopener noreferrer"
          className="text-sm font-medium text-blue-700 hover:underline"
        >
          Visit Website →
        </a>
      ) : null}
      <p className="text-sm text-slate-600">Order: {sponsor.sort_order}</p>
    </ListCard>
  ),
};
