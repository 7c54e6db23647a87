import { useEffect, useId, useRef, type ReactNode } from 'react';
import './dialog.css';

/** What takes the focus when a dialog opens: its first field, or else its first button. */
const FIRST_CONTROL = 'input:not([disabled]), select, textarea, button:not([disabled])';

interface DialogProps {
  title: string;
  /** Escape, Cancel and the close button: the caller unmounts the dialog. */
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal dialog (the platform's `<dialog>` opened with showModal): the page behind is inert, the focus
 * moves to its first field, Escape closes it, and the focus goes back to the control that opened it, unless
 * the caller moves it elsewhere (to the result it shows) as it closes.
 */
export function Dialog({ title, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>(FIRST_CONTROL)?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the caller decides (it unmounts the dialog), so the platform does not close it under React.
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
