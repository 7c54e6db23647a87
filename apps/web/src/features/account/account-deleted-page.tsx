import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import { AccountLayout } from './components/account-layout.tsx';

/** /account-deleted: after closing, signed out. */
export function AccountDeletedPage() {
  return (
    <AccountLayout title="Your account has been deleted" back={null}>
      <p>
        Your {brand.name} account is closed, you&apos;ve been logged out everywhere and your personal details
        have been removed. We&apos;ve sent a last email to confirm it.
      </p>
      <Link to="/welcome">Go to the home page</Link>
    </AccountLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { AccountDeletedPage as Component };
