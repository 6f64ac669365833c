// Moving rows in a list ordered by hand: by dragging a row onto another's place, or with its
// Move up and Move down buttons. The new order of the page shown is written back in one call
// (reorderContent: the rows swap among the places they held, so rows on other pages or outside
// a filter keep theirs) and shown at once; a failure puts the rows back and says so. Each move is
// announced in a polite live region, and focus stays on the moved row's button.
import { useEffect, useRef, useState } from 'react';
import type { DbClient } from '../../data/client';
import { reorderContent } from '../../data/content-table';
import type { ContentRow, FormValues, ManagerDescription } from './types';

export type RowOrder<R> = {
  /** Rows can be moved: a view in the hand-made order, with more than one row. */
  enabled: boolean;
  /** The page's rows in the order shown (moved ones where they were put). */
  rows: R[];
  /** Moves a row to a position on the page (0-based); `focus` keeps focus on its button. */
  move(id: string, to: number, focus?: 'up' | 'down'): void;
  /** The last move, for the live region. */
  announcement: string;
  saving: boolean;
};

export function useRowOrder<R extends ContentRow, V extends FormValues>(
  d: ManagerDescription<R, V>,
  db: DbClient,
  {
    rows,
    enabled,
    reload,
    onError,
  }: { rows: R[]; enabled: boolean; reload: () => void; onError: (message: string) => void },
): RowOrder<R> {
  // The order chosen, for the rows it was chosen on: a new page of rows replaces it.
  const [moved, setMoved] = useState<{ base: R[]; ids: string[] } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [saving, setSaving] = useState(false);
  const focusAfter = useRef<{ id: string; button: 'up' | 'down' } | null>(null);

  const shown =
    moved && moved.base === rows
      ? moved.ids.flatMap((id) => rows.filter((row) => row.id === id))
      : rows;

  // React may move the focused row's element, which drops its focus: give it back.
  useEffect(() => {
    const wanted = focusAfter.current;
    if (!wanted) return;
    focusAfter.current = null;
    const buttons = [wanted.button, wanted.button === 'up' ? 'down' : 'up'].map((button) =>
      document.querySelector<HTMLButtonElement>(
        `[data-move="${button}"][data-row="${CSS.escape(wanted.id)}"]`,
      ),
    );
    buttons.find((button) => button && !button.disabled)?.focus();
  });

  // Saves run one after another, each writing the order shown when it was asked for; the list
  // is read again once the last has landed. A move asked for while one is saving is shown at
  // once and saved next, never dropped. (The buttons stay enabled: a disabled button would lose
  // the keyboard's focus.)
  const queue = useRef<Promise<void>>(Promise.resolve());
  const waiting = useRef(0);

  function move(id: string, to: number, focus?: 'up' | 'down') {
    const ordering = d.ordering;
    const from = shown.findIndex((row) => row.id === id);
    const row = shown[from];
    if (!ordering || !row || to < 0 || to >= shown.length || to === from) return;
    const ids = shown.map((each) => each.id);
    ids.splice(from, 1);
    ids.splice(to, 0, id);
    setMoved({ base: rows, ids });
    if (focus) focusAfter.current = { id, button: focus };
    setAnnouncement(`“${d.rowName(row)}” moved to position ${to + 1} of ${ids.length}.`);
    waiting.current += 1;
    setSaving(true);
    queue.current = queue.current.then(async () => {
      try {
        await reorderContent(db, ordering.table, ids);
      } catch (error) {
        console.warn(`Saving the order of ${d.plural} failed`, error);
        setMoved(null);
        setAnnouncement('');
        onError(`Error saving the order of ${d.plural}. Please try again.`);
      } finally {
        waiting.current -= 1;
        if (waiting.current === 0) {
          setSaving(false);
          reload();
        }
      }
    });
  }

  return {
    enabled: enabled && rows.length > 1,
    rows: shown,
    move,
    announcement,
    saving,
  };
}
