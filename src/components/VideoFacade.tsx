import { useState } from 'react';
import { Play } from 'lucide-react';

/**
 * A poster with a play button standing in for a hosted player. The third-party iframe (and its
 * scripts and cookies) loads only when the visitor presses play.
 */
export function VideoFacade({
  title,
  embedUrl,
  caption,
}: {
  title: string;
  embedUrl: string;
  caption?: string;
}) {
  const [playing, setPlaying] = useState(false);
  return (
    <figure className="overflow-hidden rounded-2xl bg-slate-900 shadow-lg">
      <div className="relative aspect-video">
        {playing ? (
          <iframe
            src={embedUrl}
            title={title}
            className="absolute inset-0 h-full w-full"
            allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
            allowFullScreen
          />
        ) : (
          <button
            type="button"
            onClick={() => setPlaying(true)}
            aria-label={`Play video: ${title}`}
            className="group absolute inset-0 flex h-full w-full flex-col items-center justify-center gap-3 bg-gradient-to-br from-slate-800 via-blue-950 to-slate-900 text-white"
          >
            <span className="flex h-16 w-16 items-center justify-center rounded-full bg-amber-400 text-slate-950 shadow-lg transition group-hover:scale-110">
              <Play aria-hidden="true" className="ml-1 h-8 w-8" />
            </span>
            <span aria-hidden="true" className="px-4 text-center font-semibold">
              {title}
            </span>
          </button>
        )}
      </div>
      {caption ? (
        <figcaption className="px-4 py-3 text-sm text-slate-300">{caption}</figcaption>
      ) : null}
    </figure>
  );
}
