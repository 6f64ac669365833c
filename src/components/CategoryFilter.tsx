// The row of category buttons above the gallery and the news list: 'All' (no category), then
// each category; the one applied is pressed.
export function CategoryFilter({
  categories,
  selected,
  onSelect,
  className,
}: {
  /** Each category's value and the text of its button. */
  categories: readonly { value: string; label: string }[];
  /** The category applied, or null for 'All'. */
  selected: string | null;
  onSelect: (category: string | null) => void;
  className: string;
}) {
  const options = [{ value: null, label: 'All' }, ...categories];
  return (
    <div role="group" aria-label="Filter by category" className={className}>
      {options.map(({ value, label }) => (
        <button
          key={label}
          type="button"
          aria-pressed={selected === value}
          onClick={() => onSelect(value)}
          className={`rounded-full px-4 py-2 text-sm font-semibold transition ${
            selected === value
              ? 'bg-slate-900 text-white'
              : 'bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100'
          }`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
