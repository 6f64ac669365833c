// What a page's private section says when its data could not be read (the network, not a wrong
// link): the sentence, and "Try again", which asks once more.
import { FormMessage } from './FormField';

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="space-y-4">
      <FormMessage tone="error">{message}</FormMessage>
      <button type="button" onClick={onRetry} className="font-semibold text-blue-800 underline">
        Try again
      </button>
    </div>
  );
}
