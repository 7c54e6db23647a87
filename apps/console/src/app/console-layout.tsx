import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { isSignInRequired, messageOf } from '../shared/api.ts';
import { useStaffSession } from '../shared/session.ts';
import { staffApi } from '../shared/staff-api.ts';
import { Notice } from '../shared/ui/notice.tsx';

const ROLE_NAMES = {
  agent: 'Agent',
  supervisor: 'Supervisor',
  admin: 'Admin',
  marketer: 'Campaign manager',
} as const;

/**
 * The frame of every signed-in page: a skip link, the header with the pages this role may open and the
 * person signed in with their passkeys and Sign out, the page in `main`, and a footer. Without a session it
 * sends to sign-in.
 */
export function ConsoleLayout() {
  const session = useStaffSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: staffApi.signOut,
    onSettled: () => {
      queryClient.clear();
      void navigate('/sign-in', { replace: true });
    },
  });

  if (session.error && isSignInRequired(session.error)) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/sign-in?next=${next}`} replace />;
  }
  const me = session.data;
  return (
    <div className="console">
      <a className="skip-link" href="#main">
        Skip to the page
      </a>
      <header className="console-header">
        <div className="console-header__inner">
          <NavLink to="/" className="console-brand" end>
            <span className="console-brand__mark" aria-hidden="true" />
            Staff console
          </NavLink>
          {me && (
            <nav className="console-nav" aria-label="Console">
              <ul>
                {session.may('search') && (
                  <li>
                    <NavLink to="/" end>
                      Find a member
                    </NavLink>
                  </li>
                )}
                {session.may('viewOffers') && (
                  <li>
                    <NavLink to="/offers">Offers</NavLink>
                  </li>
                )}
                {session.may('decideAdjustment') && (
                  <li>
                    <NavLink to="/approvals">Approvals</NavLink>
                  </li>
                )}
                {session.may('viewClaims') && (
                  <li>
                    <NavLink to="/claims">Claims</NavLink>
                  </li>
                )}
                {session.may('viewAudit') && (
                  <li>
                    <NavLink to="/audit">Audit</NavLink>
                  </li>
                )}
                {session.may('inviteStaff') && (
                  <li>
                    <NavLink to="/staff/invite">Invite staff</NavLink>
                  </li>
                )}
              </ul>
            </nav>
          )}
          {me && (
            <div className="console-user">
              <p className="console-user__who">
                <span className="console-user__name">{me.name}</span>
                <span className="console-user__role">{ROLE_NAMES[me.role]}</span>
              </p>
              <NavLink to="/security" className="console-user__link">
                Your passkeys
              </NavLink>
              <button
                type="button"
                className="button button--on-dark"
                onClick={() => signOut.mutate()}
                disabled={signOut.isPending}
              >
                Sign out
              </button>
            </div>
          )}
        </div>
      </header>
      <main id="main" className="console-main" tabIndex={-1}>
        {session.isPending && (
          <p className="loading" role="status">
            Loading…
          </p>
        )}
        {session.error && !isSignInRequired(session.error) && (
          <Notice tone="error" title="The console could not start">
            {messageOf(session.error)}
          </Notice>
        )}
        {me && <Outlet />}
      </main>
      <footer className="console-footer">
        <p>Every search, look, reveal and change is recorded in the audit trail with your name.</p>
        <p>
          Typeface: Figtree, <a href="/licences/figtree-OFL.txt">SIL Open Font License 1.1</a>
        </p>
      </footer>
    </div>
  );
}
