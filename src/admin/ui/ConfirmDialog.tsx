import { useState } from 'react';
import { Modal } from '../../components/Modal';
import { PendingButton, buttonClass } from './PendingButton';

/** A yes/no question in the page (never window.confirm); the action runs from the dialog. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  pendingLabel = 'Working...',
  tone = 'danger',
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  pendingLabel?: string;
  tone?: 'danger' | 'primary';
  cancelLabel?: string;
  onConfirm: () => void | Promise<void>;
  onCancel: () => void;
}) {
  const [pending, setPending] = useState(false);
  async function confirm() {
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
    }
  }
  return (
    <Modal open={open} title={title} onClose={pending ? () => {} : onCancel}>
      <p>{message}</p>
      <div className="mt-6 flex justify-end gap-3">
        <button
          type="button"
          className={buttonClass('neutral')}
          onClick={onCancel}
          disabled={pending}
        >
          {cancelLabel}
        </button>
        <PendingButton
          type="button"
          tone={tone}
          pending={pending}
          pendingLabel={pendingLabel}
          onClick={confirm}
        >
          {confirmLabel}
        </PendingButton>
      </div>
    </Modal>
  );
}
