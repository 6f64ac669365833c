// The rows ticked for a bulk action, on the page shown. A selection belongs to one view: a new
// search, filter, sort or page starts with nothing ticked, so a bulk action only ever touches
// rows the administrator can see, and a row that has gone from the page is no longer selected.
import { useMemo, useState } from 'react';

export type Selection = {
  /** The ticked rows' ids, in the page's order. */
  ids: string[];
  has(id: string): boolean;
  toggle(id: string): void;
  /** Every row of the page is ticked (and there is at least one). */
  all: boolean;
  /** Some but not all rows of the page are ticked. */
  some: boolean;
  /** Ticks every row of the page, or none when all were. */
  toggleAll(): void;
  clear(): void;
};

export function useSelection(rows: readonly { id: string }[], view: string): Selection {
  const [picked, setPicked] = useState<{ view: string; ids: ReadonlySet<string> }>({
    view,
    ids: new Set(),
  });
  const current = picked.view === view ? picked.ids : null;

  return useMemo(() => {
    const ids = current ? rows.map((row) => row.id).filter((id) => current.has(id)) : [];
    const chosen = new Set(ids);
    const all = rows.length > 0 && ids.length === rows.length;
    return {
      ids,
      has: (id) => chosen.has(id),
      toggle(id) {
        const next = new Set(chosen);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        setPicked({ view, ids: next });
      },
      all,
      some: ids.length > 0 && !all,
      toggleAll() {
        setPicked({ view, ids: all ? new Set() : new Set(rows.map((row) => row.id)) });
      },
      clear() {
        setPicked({ view, ids: new Set() });
      },
    };
  }, [current, rows, view]);
}
