// The inbox's small coloured labels (deposit, webhook, payment exception, resolution): green when
// done, amber while waiting, red when the organiser should look.
import type { ReactNode } from 'react';

const badgeTones = {
  good: 'bg-emerald-100 text-emerald-900',
  waiting: 'bg-amber-100 text-amber-900',
  bad: 'bg-red-100 text-red-900',
} as const;

export type BadgeTone = keyof typeof badgeTones;

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badgeTones[tone]}`}>
      {children}
    </span>
  );
}
