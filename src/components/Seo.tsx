import { Helmet } from 'react-helmet-async';
import { useLocation } from 'react-router-dom';
import { env } from '../config/env';

const SITE = '2026 Europe Rally';

/** Title, description, canonical URL and the social (Open Graph, Twitter) tags of a page. */
export function Seo({
  title,
  description,
  image,
}: {
  title: string;
  description: string;
  image?: string;
}) {
  const { pathname } = useLocation();
  const fullTitle = title === SITE ? title : `${title} | ${SITE}`;
  const url = `${env.siteUrl}${pathname === '/' ? '/' : pathname.replace(/\/$/, '')}`;
  return (
    <Helmet>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={SITE} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {image ? <meta property="og:image" content={image} /> : null}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
    </Helmet>
  );
}
