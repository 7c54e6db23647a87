import { useEffect } from 'react';

let locks = 0;
/**
 * Locks background scrolling while a popup is open (docs/product/signed-in-pages.md §S2.6); nested popups
 * count.
 */
export function useScrollLock(active: boolean) {
  useEffect(() => {
    if (!active) return;
    locks += 1;
    document.body.classList.add('scroll-locked');
    return () => {
      locks -= 1;
      if (locks === 0) document.body.classList.remove('scroll-locked');
    };
  }, [active]);
}
