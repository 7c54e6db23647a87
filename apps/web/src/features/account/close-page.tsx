import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import { AccountLayout } from './components/account-layout.tsx';

/** /account/close: what closing means, before the member decides (/account/close-account). */
export function ClosePage() {
  return (
    <AccountLayout title="Close your account">
      <p>Before you go, here&apos;s what closing your {brand.name} account means:</p>
      <ul>
        <li>You won&apos;t be able to log in, collect or spend points with this card again.</li>
        <li>Any points left on the account will be lost. Spend them first if you can.</li>
        <li>We&apos;ll remove your name, contact details and address, and stop all marketing.</li>
        <li>We keep a record of your points and of what you agreed to, as the law requires.</li>
      </ul>
      <div className="account__actions">
        <Link className="button button--primary" to="/account/close-account">
          Continue
        </Link>
        <Link className="button button--secondary" to="/account">
          Keep my account
        </Link>
      </div>
    </AccountLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { ClosePage as Component };
