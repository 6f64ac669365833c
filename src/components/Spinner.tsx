// The loading indicator every public page shows while its data arrives. It is in the public entry
// chunk (the app shell shows it before any page loads), so its arc is drawn here rather than taken
// from lucide-react: the icon library's runtime cost the entry 1 KB of its 90 KB budget for one
// circle.

/** A labelled loading indicator; the label is what screen readers hear. */
export function Spinner({
  label = 'Loading...',
  className = '',
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      className={`flex items-center justify-center gap-3 py-10 text-ink-muted ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        className="h-6 w-6 animate-spin text-amber-600 motion-reduce:animate-none"
      >
        <path d="M21 12a9 9 0 1 1-9-9" />
      </svg>
      <span>{label}</span>
    </div>
  );
}
