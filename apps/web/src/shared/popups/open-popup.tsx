import { QueryShell } from '../query/query-shell.tsx';
import { Popup } from '../ui/popup.tsx';
import PopupContent from './popup-content.tsx';
import type { PopupProps } from './popup-manager.tsx';
import type { PopupType } from './popup-types.ts';

/** The open popup: the shared frame (focus, Escape, swipe, back, scroll lock, height) and its content. */
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
  return (
    <Popup open onClose={close} title={title} sliding={sliding}>
      <QueryShell>
        <PopupContent type={type} props={props} close={close} />
      </QueryShell>
    </Popup>
  );
}
