// The head of a page reached by a secret link (a team's page, a waiting-list offer): a title, no
// indexing, and no Referer carrying the secret in the address to another site.
import { useSiteSettings } from '../data/SiteSettingsProvider';

export function PrivateHead({ title }: { title: string }) {
  const { name } = useSiteSettings().edition;
  return (
    <>
      <title>{`${title} | ${name}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
    </>
  );
}
