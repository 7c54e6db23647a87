import { useCallback, useRef } from 'react';
import { QueryShell } from '../query/query-shell.tsx';
import { Popup } from '../ui/popup.tsx';
import PopupContent, { type CloseGuard } from './popup-content.tsx';
import type { PopupType, PopupProps } from './popup-types.ts';

/**
 * The open popup: the shared frame (focus, Escape, swipe, back, scroll lock, height) and its content. Content
 * that must ask before it goes (the voucher, docs/product/signed-in-pages.md §S2.6) sets a guard, which the
 * frame's ways of closing (the close button, Escape, a click outside) run instead of closing.
 */
export default function OpenPopupView({
  type,
  props,
  title,
  sliding,
  close,
}: {
  type: PopupType;
  props: PopupProps;
  title: string;
  sliding: boolean;
  close: () => void;
}) {
  const guard = useRef<(() => void) | undefined>(undefined);
  const requestClose = useCallback(() => (guard.current ? guard.current() : close()), [close]);
  const guardClose = useCallback<CloseGuard>((next) => {
    guard.current = next;
  }, []);
  return (
    <Popup open onClose={requestClose} title={title} sliding={sliding}>
      <QueryShell>
        <PopupContent type={type} props={props} close={close} guardClose={guardClose} />
      </QueryShell>
    </Popup>
  );
}
