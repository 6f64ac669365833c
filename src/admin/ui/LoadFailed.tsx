// The admin's look of the one LoadFailed (src/components/LoadFailed.tsx): a neutral "Retry".
import { LoadFailed as Failed } from '../../components/LoadFailed';
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
    <Failed
      message={message}
      onRetry={onRetry}
      className={className ?? ''}
      retryLabel="Retry"
      retryClassName={`${buttonClass('neutral')} mt-3`}
    />
  );
}
