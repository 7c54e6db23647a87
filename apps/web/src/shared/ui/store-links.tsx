import { APP_STORE_URL, GOOGLE_PLAY_URL } from '../navigation/app-stores.ts';
import './ui.css';

/**
 * 'Download on the App Store' and 'Get it on Google Play' as a pair of buttons. The app hub leads with the App
 * Store; a page whose main action is elsewhere (registration success) shows both as secondary buttons.
 */
export function StoreLinks({ lead = true }: { lead?: boolean }) {
  return (
    <p className="store-links">
      <a
        className={`button button--${lead ? 'primary' : 'secondary'}`}
        href={APP_STORE_URL}
        rel="noopener noreferrer"
      >
        Download on the App Store
      </a>
      <a className="button button--secondary" href={GOOGLE_PLAY_URL} rel="noopener noreferrer">
        Get it on Google Play
      </a>
    </p>
  );
}
