// The pieces of a manager's list entry: a heading with the Published/Draft badge (and any tags),
// laid out as a card with a picture on top (grid) or a row with a picture beside it (list).
import type { ReactNode } from 'react';
import { ImageWithFallback } from '../ui/ImageWithFallback';

export function GridCard({
  media,
  title,
  badge,
  children,
}: {
  media: ReactNode;
  title: ReactNode;
  badge: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {media}
      <div className="space-y-1 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="font-semibold text-slate-900">{title}</h2>
          {badge}
        </div>
        {children}
      </div>
    </>
  );
}

export function ListCard({
  media,
  title,
  badge,
  tags,
  children,
}: {
  media?: ReactNode;
  title: ReactNode;
  badge: ReactNode;
  tags?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-4">
      {media}
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold text-slate-900">{title}</h2>
          {badge}
          {tags}
        </div>
        {children}
      </div>
    </div>
  );
}

/** A decorative picture beside a list entry (its heading names the record). */
export function ListThumbnail({ src }: { src: string | null }) {
  return src ? (
    <ImageWithFallback
      src={src}
      alt=""
      loading="lazy"
      className="h-20 w-28 shrink-0 rounded object-cover"
    />
  ) : null;
}

export function Tag({ tone, children }: { tone: 'amber' | 'blue'; children: ReactNode }) {
  const colours = tone === 'amber' ? 'bg-amber-100 text-amber-900' : 'bg-blue-100 text-blue-900';
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${colours}`}>
      {children}
    </span>
  );
}
