/**
 * Business constants of docs/product/switches-and-constants.md §S9 that set what the screens show (ADR 038):
 * one definition, read by every page that uses them.
 */

/** 'Partners count shown 500': the number of partners the product tells a member about. */
export const PARTNERS_COUNT = 500;

/** 'Popup height is window height minus 135' (docs/product/signed-in-pages.md §S2.6). */
export const POPUP_HEIGHT_OFFSET = 135;

/**
 * 'Modal heights 200 to 272': a popup's least height, which grows with the window (its height minus 135) from
 * 200 in a short window to 272 in a tall one; a popup is never shorter than 200.
 */
export const MODAL_HEIGHT = { min: 200, max: 272 } as const;

/**
 * 'partner-specific 260 and 360; viewport heights 460 and 260': the linked-partner modals are 360 tall in a
 * window at least 460 tall, 260 tall in a window at least 260 tall, and the window's height below that.
 */
export const PARTNER_MODAL_HEIGHT = { tall: 360, short: 260 } as const;
export const PARTNER_MODAL_VIEWPORT = { tall: 460, short: 260 } as const;

/**
 * A popup's least and greatest height in a window of this height (docs/product/signed-in-pages.md §S2.6 and
 * docs/product/switches-and-constants.md §S9).
 */
export function popupHeights(windowHeight: number): { minHeight: number; maxHeight: number } {
  const available = windowHeight - POPUP_HEIGHT_OFFSET;
  return {
    minHeight: Math.min(MODAL_HEIGHT.max, Math.max(MODAL_HEIGHT.min, available)),
    maxHeight: Math.max(MODAL_HEIGHT.min, available),
  };
}

/**
 * A linked-partner modal's height in a window of this height (docs/product/switches-and-constants.md §S9).
 */
export function partnerModalHeight(windowHeight: number): number {
  if (windowHeight >= PARTNER_MODAL_VIEWPORT.tall) return PARTNER_MODAL_HEIGHT.tall;
  if (windowHeight >= PARTNER_MODAL_VIEWPORT.short) return PARTNER_MODAL_HEIGHT.short;
  return windowHeight;
}
