import type { ReactNode } from 'react';

export function EmptyState({
  title,
  children,
  icon,
  titleAs: Title = 'p',
}: {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
  /** 'h1' when the empty state is the whole page (e.g. a missing article). */
  titleAs?: 'p' | 'h1' | 'h2';
}) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      {icon ? <div className="mx-auto mb-4 flex justify-center text-slate-400">{icon}</div> : null}
      <Title className="text-lg font-semibold text-ink">{title}</Title>
      {children ? <div className="mt-2 text-ink-muted">{children}</div> : null}
    </div>
  );
}
