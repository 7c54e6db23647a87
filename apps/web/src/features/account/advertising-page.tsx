import { Link, useMatches } from 'react-router';
import { brand } from '@app/contracts/brand';
import { SIGN_IN_PATH } from '@app/contracts/routes';
import { hasSessionMarker } from '../../shared/session/session-marker.ts';
import { Toggle } from '../../shared/ui/toggle.tsx';
import { advertisingQueryKey, useAdvertisingPreference } from './api/get-advertising-preference.ts';
import { updateAdvertisingPreference } from './api/update-advertising-preference.ts';
import { AccountLayout, Loading, Notice } from './components/account-layout.tsx';
import { usePreferenceSave } from './components/use-preference-save.ts';

/**
 * The online-advertising preference (GET and POST /contact-preferences/cpm, channel ONLINEAD). Served at
 * /account/online-advertising and /account/advertising-preference (session) and at /personalised-advertising
 * and /digital-advertising (public: a visitor reads the explanation and logs in to choose).
 */
export function AdvertisingPage() {
  const match = useMatches().at(-1);
  const handle = match?.handle as { title?: string; access?: string } | undefined;
  const path = match?.pathname ?? '';
  const isPublic = !path.startsWith('/account');
  // A visitor who never signed in on this browser is not asked about: the public page just invites them to log in.
  const visitor = isPublic && !hasSessionMarker();
  const preference = useAdvertisingPreference(!isPublic, !visitor);
  const { saving, result, save } = usePreferenceSave(advertisingQueryKey, updateAdvertisingPreference);
  const consent = preference.data?.contactPreferences.find((p) => p.channel === 'ONLINEAD')?.consent ?? true;

  return (
    <AccountLayout
      title={handle?.title ?? 'Online advertising'}
      back={isPublic ? null : undefined}
      intro={
        <>
          <p>
            {brand.name} and its partners can show you adverts on other websites and apps based on what you
            collect and spend points on. Turn this off and you&apos;ll still see adverts, but they won&apos;t
            be chosen for you.
          </p>
          <p>It can take up to 28 days for a change to reach every advertising partner.</p>
        </>
      }
    >
      {visitor || (isPublic && preference.isError) ? (
        <p>
          <Link to={`${SIGN_IN_PATH}?next=${encodeURIComponent(path)}`}>Log in</Link> to choose whether we use
          your details for online advertising.
        </p>
      ) : preference.isPending ? (
        <Loading />
      ) : preference.isError ? (
        <Notice kind="error">{preference.error.message}</Notice>
      ) : (
        <>
          <Toggle
            label="Personalised online advertising"
            description="Use what I collect and spend points on to choose the adverts I see"
            checked={consent}
            disabled={saving}
            onChange={(next) => void save(next)}
          />
          {result ? <Notice kind={result.kind}>{result.text}</Notice> : null}
        </>
      )}
    </AccountLayout>
  );
}

// The route's component (React Router's name for it): app/pages.ts loads this module lazily.
export { AdvertisingPage as Component };
