// What a page or screen shows instead of its data when reading it failed (the network, not a
// wrong link): the sentence, and a button that asks once more. The public pages' look is a link's
// "Try again"; the admin's (src/admin/ui/LoadFailed.tsx) is its neutral "Retry" button.
import { FormMessage } from './FormField';

export function LoadFailed({
  message,
  onRetry,
  className = 'space-y-4',
  retryLabel = 'Try again',
  retryClassName = 'font-semibold text-blue-800 underline',
}: {
  message: string;
  onRetry: () => void;
  className?: string;
  retryLabel?: string;
  retryClassName?: string;
}) {
  return (
    <div className={className}>
      <FormMessage tone="error">{message}</FormMessage>
      <button type="button" onClick={onRetry} className={retryClassName}>
        {retryLabel}
      </button>
    </div>
  );
}
