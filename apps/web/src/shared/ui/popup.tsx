import X from 'lucide-react/icons/x';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useIsFablet } from '../hooks/use-is-fablet.ts';
import { partnerModalHeight, popupHeights } from '@app/contracts/ui-constants';
import { useScrollLock } from './use-scroll-lock.ts';
import './ui.css';

export interface PopupProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** A sliding popup rises from the bottom and closes on a swipe down and on browser back. */
  sliding?: boolean;
  /**
   * A linked-partner modal: 360 tall, or 260 in a short window (docs/product/switches-and-constants.md §S9,
   * ADR 038).
   */
  partner?: boolean;
}

const useWindowHeight = () => {
  // No window where the server draws a page (ADR 045): a closed popup draws nothing, whatever its height.
  const [height, setHeight] = useState(() => (typeof window === 'undefined' ? 0 : window.innerHeight));
  useEffect(() => {
    const update = () => setHeight(window.innerHeight);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return height;
};

const SWIPE_CLOSE_DISTANCE = 80;

/**
 * Heights from docs/product/signed-in-pages.md §S2.6 and docs/product/switches-and-constants.md §S9
 * (ADR 038): a sliding sheet is the window height minus 135; any other popup is at least 200 (272 in a tall
 * window) and at most the window minus 135; a linked-partner modal is 360, or 260 in a window shorter than
 * 460. Content taller than the popup scrolls inside it.
 */
function popupStyle(windowHeight: number, fullSheet: boolean, partner: boolean) {
  const { minHeight, maxHeight } = popupHeights(windowHeight);
  if (fullSheet) return { height: maxHeight };
  if (partner) {
    const height = partnerModalHeight(windowHeight);
    return { height, maxHeight: height };
  }
  return { minHeight, maxHeight };
}

/**
 * A modal dialog: focus moves in and is trapped, Escape closes, focus returns to where it was. On a phone
 * (fablet width) it is a bottom sheet; a sliding one is the window height minus 135
 * (docs/product/signed-in-pages.md §S2.6), closes on a swipe down and on browser back. On a wider screen
 * every popup is a dialog centred on the page, as tall as its content.
 */
export function Popup({ open, onClose, title, children, sliding = false, partner = false }: PopupProps) {
  const titleId = useId();
  const sheet = useIsFablet();
  const fullSheet = sliding && sheet;
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);
  const swipeStart = useRef<number | undefined>(undefined);
  const windowHeight = useWindowHeight();
  useScrollLock(open);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
      const dialog = dialogRef.current;
      if (event.key !== 'Tab' || !dialog) return;
      const focusable = dialog.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])',
      );
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      // From the dialog itself (where it opens) or from anywhere outside it, Tab goes to the dialog's ends.
      const active = document.activeElement;
      const atStart = active === first || active === dialog || !dialog.contains(active);
      const atEnd = active === last || !dialog.contains(active);
      if (event.shiftKey && atStart) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && atEnd) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that reaches the page behind (a click on it, a screen reader's own moves) comes back to the dialog.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Element | null;
      if (dialogRef.current && !target?.closest('[aria-modal="true"]')) dialogRef.current.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      previous?.focus?.();
    };
  }, [open]);

  // Browser back closes a sliding popup: opening pushes a history entry, back pops it.
  useEffect(() => {
    if (!open || !sliding) return;
    window.history.pushState({ slidingPopup: true }, '');
    let closedByBack = false;
    const onPopState = () => {
      closedByBack = true;
      onCloseRef.current();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      if (!closedByBack && (window.history.state as { slidingPopup?: boolean } | null)?.slidingPopup) {
        window.history.back();
      }
    };
  }, [open, sliding]);

  if (!open) return null;
  return (
    <div
      className={`popup-backdrop${sheet ? ' popup-backdrop--sheet' : ''}`}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`popup${sheet ? ' popup--sheet' : ''}`}
        style={popupStyle(windowHeight, fullSheet, partner)}
        onTouchStart={(event) => {
          swipeStart.current = event.touches[0]?.clientY;
        }}
        onTouchEnd={(event) => {
          const end = event.changedTouches[0]?.clientY;
          if (sliding && swipeStart.current !== undefined && end !== undefined) {
            if (end - swipeStart.current > SWIPE_CLOSE_DISTANCE) onClose();
          }
          swipeStart.current = undefined;
        }}
      >
        {fullSheet ? <div className="popup__grabber" aria-hidden="true" /> : null}
        <button type="button" className="popup__close" aria-label="Close" onClick={onClose}>
          <X aria-hidden="true" size={22} />
        </button>
        <h2 className="popup__title" id={titleId}>
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
