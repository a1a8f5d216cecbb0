import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';
import { type ButtonVariant, buttonClass } from './button';

/**
 * A question asked before something that cannot be taken back (a refund sent), on Radix's dialog
 * (issue 36's kit): focus moves into it and stays there, Escape or "Cancel" closes it, and focus
 * returns to what opened it. Nothing happens until the confirming button is pressed.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  variant = 'primary',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What will happen, said plainly (the amount, to whom, how). */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  variant?: Exclude<ButtonVariant, 'link'>;
}) {
  // Radix gives focus back to its own Trigger; opened by a form's button instead, the dialog
  // remembers what had focus when it opened and returns there.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <Dialog.Content
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 space-y-4 rounded-2xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="font-serif text-xl text-wine-900">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="space-y-2 text-sm text-ink">{children}</div>
          </Dialog.Description>
          <div className="flex flex-wrap justify-end gap-3">
            <Dialog.Close className={buttonClass('secondary', 'sm')}>Cancel</Dialog.Close>
            <button
              type="button"
              className={buttonClass(variant, 'sm')}
              onClick={() => {
                onOpenChange(false);
                onConfirm();
              }}
            >
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
