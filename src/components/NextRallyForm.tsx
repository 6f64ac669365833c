// "Tell me when the next rally opens": offered by home and /sign-up after an edition has finished
// and before the next is current. The database keeps the address on the next edition's waiting
// list, or as a newsletter subscriber while there is no next edition yet (subscribe_newsletter,
// source 'next-rally').
import { SubscribeForm } from './SubscribeForm';

export const NEXT_RALLY_CALL = 'Tell me when the next rally opens';

export function NextRallyForm({ tone }: { tone: 'dark' | 'light' }) {
  return (
    <SubscribeForm
      source="next-rally"
      label={NEXT_RALLY_CALL}
      button="Tell Me"
      tone={tone}
      thanks={(email) =>
        `Thank you! Please confirm with the link we have emailed to ${email}; then we will write when the next rally opens.`
      }
      heading={
        <h3
          className={`text-lg font-semibold ${tone === 'dark' ? 'text-white' : 'text-slate-900'}`}
        >
          {NEXT_RALLY_CALL}
        </h3>
      }
    />
  );
}
