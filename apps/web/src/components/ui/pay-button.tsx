import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { OfflinePayNotice, useOfflinePayGuard } from '@/components/ui/offline-pay-notice';
import type { CheckoutPhase } from '@/lib/use-checkout';

type PayButtonProps = {
  /** e.g. 'Pay ₦500'. */
  label: string;
  disabled: boolean;
  phase: CheckoutPhase;
  /** Set while the server asks whether a repeat purchase is meant. */
  duplicateMessage: string | null;
  onConfirmDuplicate: () => void;
  onDismissDuplicate: () => void;
  /** The duplicate question's title and yes, when "buy" is not the word (a bill is paid). */
  duplicateTitle?: string;
  confirmDuplicateLabel?: string;
};

/**
 * A purchase form's submit button. It is also the duplicate question's trigger: the dialog only opens when
 * the server answers 409 possible_duplicate (a click on the button itself is ignored by
 * onOpenChange), and focus returns to the button when it closes.
 */
export function PayButton({
  label,
  disabled,
  phase,
  duplicateMessage,
  onConfirmDuplicate,
  onDismissDuplicate,
  duplicateTitle = 'Buy it again?',
  confirmDuplicateLabel = 'Yes, buy again',
}: PayButtonProps) {
  const offline = useOfflinePayGuard();
  return (
    <>
      <ConfirmDialog
        trigger={
          <Button
            type="submit"
            block
            disabled={disabled || offline.disabled}
            loading={phase !== 'idle'}
            aria-describedby={offline.describedBy}
          >
            {phase === 'saving' ? 'Saving...' : label}
          </Button>
        }
        open={duplicateMessage !== null}
        onOpenChange={(open) => {
          if (!open) onDismissDuplicate();
        }}
        title={duplicateTitle}
        description={duplicateMessage}
        confirmLabel={confirmDuplicateLabel}
        onConfirm={onConfirmDuplicate}
        destructive={false}
      />
      <OfflinePayNotice {...offline} />
    </>
  );
}
