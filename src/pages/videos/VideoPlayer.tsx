import { VideoFacade } from '../../components/VideoFacade';
import { mediaUrl } from '../../data/client';

/** A YouTube watch, short or embed URL as a privacy-enhanced embed URL, or null for other URLs. */
export function youTubeEmbedUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^www\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = parsed.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'm.youtube.com' || host === 'youtube-nocookie.com') {
    if (parsed.pathname === '/watch') id = parsed.searchParams.get('v');
    else {
      const match = /^\/(?:embed|shorts)\/([^/]+)/.exec(parsed.pathname);
      id = match?.[1] ?? null;
    }
  }
  if (!id || !/^[\w-]{6,20}$/.test(id)) return null;
  return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`;
}

/** A video from the table: YouTube behind a facade, an uploaded file in a native player. */
export function VideoPlayer({
  title,
  url,
  poster,
}: {
  title: string;
  url: string;
  poster: string | null;
}) {
  const embed = youTubeEmbedUrl(url);
  if (embed) return <VideoFacade title={title} embedUrl={embed} />;
  return (
    <video
      controls
      preload="none"
      playsInline
      poster={poster ?? undefined}
      aria-label={title}
      width={640}
      height={360}
      className="aspect-video h-auto w-full rounded-2xl bg-slate-900 shadow-lg"
    >
      <source src={mediaUrl(url)} />
    </video>
  );
}
