import { Link, useSearchParams } from 'react-router';
import { registrationFailures, type RegistrationFailure } from '@app/contracts/registration';
import { registrationPaths } from './registration-paths.ts';
import './registration.css';

const isFailure = (code: string | null): code is RegistrationFailure =>
  code !== null && Object.hasOwn(registrationFailures, code);

/**
 * /register-failed (docs/product/calls-and-errors.md §R8, 'Registration failure mapping'): 'Please log in.'
 * for a duplicate email, 'Card not applicable for registration' for an inactivated account, 'System error'
 * for a problem with the old account, 'Try again' otherwise (also when the sign-up status fails or polling
 * runs out).
 */
export function RegisterFailedPage() {
  const [params] = useSearchParams();
  const code = params.get('error');
  const failure: RegistrationFailure = isFailure(code) ? code : 'SOMETHING_WENT_WRONG';
  return (
    <main id="main" className="page registration">
      <section className="registration__panel" aria-labelledby="registration-heading">
        <h1 id="registration-heading">Sorry, we could not register you</h1>
        <p className="registration__lead" role="alert">
          {registrationFailures[failure]}
        </p>
        <div className="registration__actions">
          {failure === 'DUPLICATE_EMAIL' ? (
            <Link className="button button--primary button--full" to={registrationPaths.login}>
              Log in
            </Link>
          ) : (
            <Link className="button button--primary button--full" to={registrationPaths.cardCheck}>
              Start again
            </Link>
          )}
        </div>
      </section>
    </main>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { RegisterFailedPage as Component };
