import { useState, type ReactNode } from 'react';
import { Play } from 'lucide-react';

/**
 * A poster with a play button standing in for a player. Nothing but the poster is fetched until
 * the visitor presses play: a hosted player's iframe (and its scripts and cookies), or an
 * uploaded film's <video>, is created only then.
 */
export function VideoFacade({
  title,
  caption,
  poster,
  ...player
}: {
  title: string;
  caption?: ReactNode;
  /** An image filling the frame behind the play button (decorative: the button names the film). */
  poster?: ReactNode;
} & (
  | { embedUrl: string }
  | {
      /** The player shown once the visitor presses play (it should start on its own). */
      player: ReactNode;
    }
)) {
  const [playing, setPlaying] = useState(false);
  return (
    <figure className="overflow-hidden rounded-2xl bg-slate-900 shadow-lg">
      <div className="relative aspect-video">
        {playing ? (
          'player' in player ? (
            player.player
          ) : (
            <iframe
              src={player.embedUrl}
              title={title}
              className="absolute inset-0 h-full w-full"
              allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
              allowFullScreen
            />
          )
        ) : (
          <button
            type="button"
            onClick={() => setPlaying(true)}
            aria-label={`Play video: ${title}`}
            className="group absolute inset-0 flex h-full w-full flex-col items-center justify-center gap-3 bg-gradient-to-br from-slate-800 via-blue-950 to-slate-900 text-white"
          >
            {poster}
            <span className="relative flex h-16 w-16 items-center justify-center rounded-full bg-amber-400 text-slate-950 shadow-lg transition group-hover:scale-110">
              <Play aria-hidden="true" className="ml-1 h-8 w-8" />
            </span>
            {poster ? null : (
              <span aria-hidden="true" className="px-4 text-center font-semibold">
                {title}
              </span>
            )}
          </button>
        )}
      </div>
      {caption ? (
        <figcaption className="px-4 py-3 text-sm text-slate-300">{caption}</figcaption>
      ) : null}
    </figure>
  );
}
