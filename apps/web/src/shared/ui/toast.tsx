import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { DEFAULT_TOAST_ERROR_MESSAGE } from '@app/contracts/error-messages';
import './ui.css';

/** Notification levels of docs/product/signed-in-pages.md §S2.6. */
export type NotificationLevel = 'INFO' | 'ERROR' | 'TOAST' | 'LINKED' | 'REDEEMED';
/**
 * Toast 4000 ms; re-authentication toast 8000 ms; removal 4 s after close
 * (docs/product/switches-and-constants.md §S9).
 */
export const TOAST_MS = 4000;
export const REAUTH_TOAST_MS = 8000;
export const REMOVAL_AFTER_CLOSE_MS = 4000;

export interface ToastInput {
  message?: string;
  level?: NotificationLevel;
  durationMs?: number;
  /**
   * An action such as 'Undo' on a hide notification (it unhides the offer). With `focus`, the action takes the
   * keyboard focus when it appears: for a notification about a control that has just gone (the hidden offer's).
   */
  action?: { label: string; onAction: () => void; focus?: boolean };
  /** The offer a notification is about (docs/product/signed-in-pages.md §S3 "Notification"). */
  offerId?: string;
  /** Called when the notification is removed, so a list can reload. */
  reloadCallback?: () => void;
  className?: string;
}

/**
 * A notification (docs/product/signed-in-pages.md §S3): id, timer, level, content, offer id, reload callback,
 * class name.
 */
export interface NotificationItem extends Required<Pick<ToastInput, 'level' | 'durationMs'>> {
  id: number;
  message: string;
  action?: ToastInput['action'];
  offerId?: string;
  reloadCallback?: () => void;
  className?: string;
  /** Closed notifications stay in the list for 4 s, then go. */
  closed: boolean;
}

interface ToastApi {
  show: (toast: ToastInput) => number;
  /** Closes a notification now; it is removed 4 s later. */
  dismiss: (id: number) => void;
  /** The default error toast, or the 8-second one after a failed re-authentication. */
  showError: (options?: { reauth?: boolean; message?: string }) => number;
  notifications: NotificationItem[];
}

const ToastContext = createContext<ToastApi | undefined>(undefined);

export function useToast(): ToastApi {
  const api = use(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider');
  return api;
}

const LEVEL_CLASS: Record<NotificationLevel, string> = {
  INFO: 'toast--info',
  ERROR: 'toast--error',
  TOAST: '',
  LINKED: 'toast--linked',
  REDEEMED: 'toast--redeemed',
};

function ToastView({ toast, onClose }: { toast: NotificationItem; onClose: () => void }) {
  // The timer runs from when the notification appears, whatever else re-renders meanwhile. While the pointer
  // or the keyboard focus is on it, it waits, and starts again when they leave (WCAG 2.2.1): an action can
  // always be reached.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = hovered || focused;
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => onCloseRef.current(), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.durationMs, held]);
  const focusAction = toast.action?.focus === true;
  const actionRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusAction) actionRef.current?.focus();
  }, [focusAction]);
  return (
    <div
      className={['toast', LEVEL_CLASS[toast.level], toast.className].filter(Boolean).join(' ')}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <span>{toast.message}</span>
      {toast.action ? (
        <button
          ref={actionRef}
          type="button"
          className="toast__action"
          onClick={() => {
            toast.action?.onAction();
            onClose();
          }}
        >
          {toast.action.label}
        </button>
      ) : null}
    </div>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<NotificationItem[]>([]);
  const nextId = useRef(1);
  const removalTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = removalTimers.current;
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, []);

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.map((toast) => (toast.id === id ? { ...toast, closed: true } : toast)));
    if (removalTimers.current.has(id)) return;
    removalTimers.current.set(
      id,
      setTimeout(() => {
        removalTimers.current.delete(id);
        setToasts((list) => {
          list.find((toast) => toast.id === id)?.reloadCallback?.();
          return list.filter((toast) => toast.id !== id);
        });
      }, REMOVAL_AFTER_CLOSE_MS),
    );
  }, []);

  const show = useCallback((input: ToastInput) => {
    const level = input.level ?? 'TOAST';
    const toast: NotificationItem = {
      id: nextId.current++,
      level,
      message: input.message ?? (level === 'ERROR' ? DEFAULT_TOAST_ERROR_MESSAGE : ''),
      durationMs: input.durationMs ?? TOAST_MS,
      action: input.action,
      offerId: input.offerId,
      reloadCallback: input.reloadCallback,
      className: input.className,
      closed: false,
    };
    setToasts((list) => [...list, toast]);
    return toast.id;
  }, []);

  const showError = useCallback(
    (options: { reauth?: boolean; message?: string } = {}) =>
      show({
        level: 'ERROR',
        message: options.message,
        durationMs: options.reauth ? REAUTH_TOAST_MS : TOAST_MS,
      }),
    [show],
  );

  const api = useMemo(
    () => ({ show, dismiss, showError, notifications: toasts }),
    [show, dismiss, showError, toasts],
  );
  return (
    <ToastContext value={api}>
      {children}
      <div className="toast-region" role="status" aria-live="polite">
        {toasts
          .filter((toast) => !toast.closed)
          .map((toast) => (
            <ToastView key={toast.id} toast={toast} onClose={() => dismiss(toast.id)} />
          ))}
      </div>
    </ToastContext>
  );
}
