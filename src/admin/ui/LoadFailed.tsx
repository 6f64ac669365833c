import { FormMessage } from '../../components/FormField';
import { buttonClass } from './PendingButton';

/** What a screen shows instead of its list when loading failed: the message and a retry. */
export function LoadFailed({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <FormMessage tone="error">{message}</FormMessage>
      <button type="button" className={`${buttonClass('neutral')} mt-3`} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
