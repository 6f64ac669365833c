import { useLocation } from 'react-router-dom';
import { env } from '../config/env';
import { socialImage } from '../config/images';
import { inlineJson } from '../lib/text';
import { useSiteSettings } from '../data/SiteSettingsProvider';

/**
 * Title, description, canonical URL, the social (Open Graph, Twitter) tags and the structured
 * data of a page. React 19 hoists title, meta and link into the document head (and the
 * prerender moves them there from the server's HTML), so no head manager is needed.
 */
export function Seo({
  title,
  description,
  image,
  type = 'website',
  jsonLd = [],
}: {
  title: string;
  description: string;
  image?: string;
  type?: 'website' | 'article';
  jsonLd?: readonly object[];
}) {
  const { pathname } = useLocation();
  const SITE = useSiteSettings().edition.name;
  const fullTitle = title === SITE ? title : `${title} | ${SITE}`;
  const url = `${env.siteUrl}${pathname === '/' ? '/' : pathname.replace(/\/$/, '')}`;
  const card = image ?? `${env.siteUrl}${socialImage.path}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={SITE} />
      <meta property="og:locale" content="en_GB" />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={card} />
      {image ? null : <meta property="og:image:width" content={String(socialImage.width)} />}
      {image ? null : <meta property="og:image:height" content={String(socialImage.height)} />}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={card} />
      {/* JSON-LD is JSON, not HTML: inlineJson escapes every `<`, so no string from the CMS can
          close the script element, and there is no markup to sanitise. React would
          entity-escape text children, which a script element does not decode. */}
      {jsonLd.map((data, index) => (
        <script
          key={index}
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: inlineJson(data) }}
        />
      ))}
    </>
  );
}
