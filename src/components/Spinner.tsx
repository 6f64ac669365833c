import { LoaderCircle } from 'lucide-react';

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
      <LoaderCircle
        aria-hidden="true"
        className="h-6 w-6 animate-spin text-amber-600 motion-reduce:animate-none"
      />
      <span>{label}</span>
    </div>
  );
}
