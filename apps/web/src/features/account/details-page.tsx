import { Link, useLocation } from 'react-router';
import { AccountLayout, Loading, Notice } from './components/account-layout.tsx';
import { addressText } from '@app/contracts/account';
import { useCustomer } from './api/get-customer.ts';
import { useMaskedAddress } from './api/get-masked-address.ts';

/**
 * /account/details: name, address, email and mobile, each with its change page
 * (docs/product/signed-in-pages.md §S2.3).
 */
export function DetailsPage() {
  const customer = useCustomer();
  const maskedAddress = useMaskedAddress();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  return (
    <AccountLayout title="Personal details">
      {notice ? <Notice kind="success">{notice}</Notice> : null}
      {customer.isPending ? (
        <Loading />
      ) : customer.isError ? (
        <Notice kind="error">{customer.error.message}</Notice>
      ) : (
        <dl className="account__details">
          <div>
            <dt>Name</dt>
            <dd>
              {[customer.data.title, customer.data.firstName, customer.data.lastName]
                .filter(Boolean)
                .join(' ')}
            </dd>
            <dd className="account__change">
              <Link to="/account/details/name" aria-label="Change name">
                Change
              </Link>
            </dd>
          </div>
          <div>
            <dt>Address</dt>
            <dd>
              {/* Masked, as the mobile number is (GET masked address,
                  docs/product/calls-and-errors.md §S7.4). */}
              {maskedAddress.isPending ? (
                <span className="account__hint">Loading your address</span>
              ) : maskedAddress.isError ? (
                <span className="account__hint">{maskedAddress.error.message}</span>
              ) : maskedAddress.data.maskedAddress ? (
                addressText(maskedAddress.data.maskedAddress)
              ) : (
                'Not given yet'
              )}
            </dd>
            <dd className="account__change">
              <Link to="/account/details/address" aria-label="Change address">
                Change
              </Link>
            </dd>
          </div>
          <div>
            <dt>Email address</dt>
            <dd>
              {customer.data.email ?? 'Not given yet'}
              {customer.data.pendingEmail ? (
                <span className="account__hint">
                  Waiting for you to confirm {customer.data.pendingEmail} from the link we sent
                </span>
              ) : null}
            </dd>
            <dd className="account__change">
              <Link to="/account/details/email" aria-label="Change email address">
                Change
              </Link>
            </dd>
          </div>
          <div>
            <dt>Mobile number</dt>
            <dd>{customer.data.mobile?.masked ?? 'Not given yet'}</dd>
            <dd className="account__change">
              <Link to="/account/details/mobile-number" aria-label="Change mobile number">
                Change
              </Link>
            </dd>
          </div>
        </dl>
      )}
    </AccountLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { DetailsPage as Component };
