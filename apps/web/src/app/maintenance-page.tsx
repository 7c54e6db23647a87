import { useEffect, useState } from 'react';
import { brand } from '@app/contracts/brand';
import { documentsPaths, MAINTENANCE_NOTICE_DOCUMENT } from '@app/contracts/documents-paths';
import { request } from '../shared/http/client.ts';

interface OutageWindow {
  from: Date;
  to: Date;
}

/** The operator's outage window, from the maintenance-notice document ({from, to} as ISO times), if any. */
async function readOutageWindow(): Promise<OutageWindow | undefined> {
  // Unparsed: the documents route declares no shape (z.unknown()); the times are checked below.
  const notice = await request<{ from?: unknown; to?: unknown }>(
    documentsPaths.document(MAINTENANCE_NOTICE_DOCUMENT),
    { redirectOnUnauthorized: false },
  );
  const from = new Date(String(notice.from));
  const to = new Date(String(notice.to));
  return Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to <= from ? undefined : { from, to };
}

const LONDON = 'Europe/London';
const dayOf = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: LONDON,
});
const hourOf = new Intl.DateTimeFormat('en-GB', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: LONDON,
});

/** As docs/product/signed-in-pages.md §S2.6 writes a time: '11pm Wed 2 Feb', '6:30am Thu 3 Feb' (UK time). */
export const ukMoment = (at: Date) => {
  const time = hourOf.format(at).replace(/\s/g, '').replace(':00', '').toLowerCase();
  return `${time} ${dayOf.format(at).replace(',', '')}`;
};

/**
 * Shown instead of the app while the maintenance switch is on (docs/product/signed-in-pages.md §S2.6, §S4):
 * with the operator's outage window when one is set ('no access from 11pm Wed 2 Feb to 6am Thu 3 Feb'), and
 * that points collected meanwhile appear afterwards.
 */
export function MaintenancePage() {
  const [outage, setOutage] = useState<OutageWindow>();
  useEffect(() => {
    readOutageWindow().then(setOutage, () => undefined);
  }, []);
  return (
    <main className="page" id="main">
      <h1>Maintenance</h1>
      <p>
        We're making some improvements, so the {brand.name} app and website are unavailable for a short while.
      </p>
      {outage ? (
        <p role="status">
          You won't be able to use them from {ukMoment(outage.from)} to {ukMoment(outage.to)}.
        </p>
      ) : null}
      <p>
        You can still collect points in store as usual: any points you collect in the meantime will appear in
        your account once we're back.
      </p>
    </main>
  );
}
