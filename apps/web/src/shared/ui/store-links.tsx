import Play from 'lucide-react/icons/play';
import Smartphone from 'lucide-react/icons/smartphone';
import type { LucideIcon } from 'lucide-react';
import { APP_STORE_URL, GOOGLE_PLAY_URL } from '../navigation/app-stores.ts';
import './ui.css';

function StoreBadge({
  href,
  small,
  name,
  icon: Icon,
}: {
  href: string;
  small: string;
  name: string;
  icon: LucideIcon;
}) {
  return (
    <a className="store-badge" href={href} rel="noopener noreferrer">
      <Icon aria-hidden="true" size={26} />
      <span className="store-badge__text">
        <span className="store-badge__small">{small} </span>
        <span className="store-badge__name">{name}</span>
      </span>
    </a>
  );
}

/**
 * 'Download on the App Store' and 'Get it on Google Play' as the stores' familiar black badges,
 * each named by its whole line for a screen reader.
 */
export function StoreLinks() {
  return (
    <p className="store-links">
      <StoreBadge href={APP_STORE_URL} small="Download on the" name="App Store" icon={Smartphone} />
      <StoreBadge href={GOOGLE_PLAY_URL} small="Get it on" name="Google Play" icon={Play} />
    </p>
  );
}
