import { Popup } from '../../shared/ui/popup.tsx';

/** REMEMBERME_INFO_VIEW (docs/product/signed-in-pages.md §S2.6): 'Make it easier to log in'. */
export function RememberMeInfoPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Popup open={open} onClose={onClose} title="Make it easier to log in">
      <p>
        Tick 'Remember me' and we'll store your card number in cookies on this device, so you only need your
        password next time.
      </p>
      <p>Don't tick it on a shared or public device, where other people could use your card number.</p>
    </Popup>
  );
}
