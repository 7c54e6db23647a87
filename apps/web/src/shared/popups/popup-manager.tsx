import { createContext, lazy, Suspense, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { SLIDING_POPUP_TYPES, type PopupProps, type PopupType } from './popup-types.ts';

export interface OpenPopup {
  type: PopupType;
  props: PopupProps;
}

export interface PopupApi {
  current: OpenPopup | undefined;
  open: (type: PopupType, props?: PopupProps) => void;
  close: () => void;
  /**
   * Opens the popup, or closes it when that popup is the one open (docs/product/signed-in-pages.md §S2.6).
   */
  toggle: (type: PopupType, props?: PopupProps) => void;
}

const PopupContext = createContext<PopupApi | undefined>(undefined);

export function usePopups(): PopupApi {
  const api = use(PopupContext);
  if (!api) throw new Error('usePopups needs a PopupProvider');
  return api;
}

// The popup frame and its contents are a chunk of their own, loaded when a popup first opens.
const OpenPopupView = lazy(() => import('./open-popup.tsx'));
const titleOf = (popup: OpenPopup) =>
  typeof popup.props.title === 'string' ? popup.props.title : defaultTitles[popup.type];

/** Titles from docs/product/signed-in-pages.md §S2.6 where it gives them; sensible ones elsewhere. */
export const defaultTitles: Record<PopupType, string> = {
  FOOD_TNC: 'Terms and conditions',
  NECTAR_PRICES_TNC: 'Terms and conditions',
  PRICES_TNC: 'Terms and conditions',
  BRAND_TNC: 'Terms and conditions',
  VOUCHER_CODE_MODAL: 'Your voucher',
  CARD_NUMBER_HELP: 'Your card is...',
  SCAN_CARD: 'Scan',
  HOW_TO_USE_CARD: 'How do I use my card?',
  TRANSACTIONS: 'Your activity',
  REDEMPTION_HELP: 'Need some help?',
};

/**
 * One popup at a time, opened by type from anywhere in the app (docs/product/signed-in-pages.md §S2.6 "Popup
 * manager").
 */
export function PopupProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<OpenPopup | undefined>(undefined);
  const open = useCallback((type: PopupType, props: PopupProps = {}) => setCurrent({ type, props }), []);
  const close = useCallback(() => setCurrent(undefined), []);
  const toggle = useCallback(
    (type: PopupType, props: PopupProps = {}) =>
      setCurrent((now) => (now?.type === type ? undefined : { type, props })),
    [],
  );
  const api = useMemo(() => ({ current, open, close, toggle }), [current, open, close, toggle]);
  return (
    <PopupContext value={api}>
      {children}
      {current ? (
        <Suspense fallback={null}>
          <OpenPopupView
            type={current.type}
            props={current.props}
            title={titleOf(current)}
            sliding={SLIDING_POPUP_TYPES.includes(current.type)}
            close={close}
          />
        </Suspense>
      ) : null}
    </PopupContext>
  );
}
