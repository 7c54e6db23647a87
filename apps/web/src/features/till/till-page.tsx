import { useCallback, useEffect, useState } from 'react';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { TillError, getShelves, type CallLog, type LoggedCall, type TillPartner } from './till-api.ts';
import { TillLog } from './till-log.tsx';
import { Till } from './till.tsx';
// Its own style sheet, linked while the page is open: a tool's styles stay out of the sheet every member loads.
import tillStyleSheet from './till.css?url';

type Shelves =
  | { state: 'loading' }
  | { state: 'off' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; partners: TillPartner[] };

/**
 * The sandbox till (docs/partner-api.md "The sandbox till"): for testers and partner developers, a partner's till
 * played against the real partner API, every request and answer shown beside it. Its calls answer only where
 * the server runs with DEV_TOOLS or TILL_SANDBOX; elsewhere the page says so and shows nothing else.
 */
/**
 * Links the till's style sheet while the page is open. It loads beside the shelves' call, which the till waits
 * for before it draws anything styled.
 */
function useTillStyleSheet() {
  useEffect(() => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: tillStyleSheet });
    document.head.append(link);
    return () => link.remove();
  }, []);
}

export function TillPage() {
  useTillStyleSheet();
  const [calls, setCalls] = useState<LoggedCall[]>([]);
  const log = useCallback<CallLog>((call) => setCalls((earlier) => [call, ...earlier]), []);
  const [shelves, setShelves] = useState<Shelves>({ state: 'loading' });

  const load = useCallback(
    (isCurrent: () => boolean = () => true) =>
      getShelves(log).then(
        ({ partners }) => {
          if (isCurrent()) setShelves({ state: 'ready', partners });
        },
        (error: unknown) => {
          if (!isCurrent()) return;
          if (error instanceof TillError && error.status === 404) setShelves({ state: 'off' });
          else
            setShelves({
              state: 'failed',
              message: error instanceof TillError ? error.message : 'Something went wrong. Try again',
            });
        },
      ),
    [log],
  );
  useEffect(() => {
    let current = true;
    void load(() => current);
    return () => {
      current = false;
    };
  }, [load]);

  if (shelves.state === 'off') {
    return (
      <main id="main" className="till-page">
        <h1>Sandbox till</h1>
        <Alert tone="info" live="none">
          <p>
            The sandbox till is off on this server. Start it with DEV_TOOLS=on or TILL_SANDBOX=on (and
            DEMO_DATA=on).
          </p>
        </Alert>
      </main>
    );
  }

  return (
    <main id="main" className="till-page">
      <h1>Sandbox till</h1>
      {/* Said once the server has answered: a server without the till says only that it is off. */}
      {shelves.state === 'loading' ? null : (
        <p className="till-page__intro">
          Play a partner&apos;s till against the partner API: collect points on a basket, return it, or spend
          points. Every call is shown on the right.
        </p>
      )}
      {shelves.state === 'loading' ? (
        <div className="till-page__loading">
          <Spinner size="large" label="Loading the till" />
        </div>
      ) : shelves.state === 'failed' ? (
        <Alert tone="error" title="The till could not load its shelves">
          <p>{shelves.message}</p>
          <Button
            variant="secondary"
            onClick={() => {
              setShelves({ state: 'loading' });
              void load();
            }}
          >
            Try again
          </Button>
        </Alert>
      ) : (
        <div className="till-page__columns">
          <Till partners={shelves.partners} log={log} />
          <TillLog calls={calls} onClear={() => setCalls([])} />
        </div>
      )}
    </main>
  );
}

export { TillPage as Component };
