import { Link } from 'react-router';
import { brand } from '@app/contracts/brand';
import { registrationMessages } from '@app/contracts/registration';
import { registrationPaths } from './registration-paths.ts';
import './registration.css';

/**
 * The analogue card mismatch screen (docs/product/registration-and-sign-in.md §R2 and
 * docs/product/calls-and-errors.md §R8), shown at {prefix}/verify-failed: the details given do not match the
 * plastic card's holder. 'Re-enter details' goes back to customer details; the chat link goes to help.
 */
export function VerifyFailedPage() {
  return (
    <main id="main" className="page registration">
      <section className="registration__panel" aria-labelledby="registration-heading">
        <h1 id="registration-heading">Those details don't look quite right</h1>
        <p className="registration__lead">{registrationMessages.analogueMismatch}</p>
        <div className="registration__actions">
          <Link className="button button--primary button--full" to={registrationPaths.customerDetails}>
            Re-enter details
          </Link>
          <p>
            Still stuck? <Link to="/help">Chat with us</Link> or call {brand.careline.phone}.
          </p>
        </div>
      </section>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { VerifyFailedPage as Component };
