import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import { DEVICE_ID_HEADER } from '@app/contracts/http';
import { request, setDeviceId } from '../shared/http/client.ts';
import { readStored, writeStored } from '../shared/storage/storage.ts';
import { currentEnvironment, isSwitchOn, loadSwitches } from '../shared/switches/switches.ts';
import { App } from './app.tsx';
import { handleAuthResponses } from './auth-responses.ts';
import { startHotelsSession } from './hotels-session.ts';
import { createRouter } from './router.tsx';

/** Framing (signed-in spec 4): shown in a foreign frame in production, break out and log an event. */
function breakOutOfForeignFrame() {
  if (window.top === window.self || currentEnvironment() !== 'production') return;
  void request('/analytics-api/events', {
    method: 'POST',
    body: { type: 'framed', referrer: document.referrer.slice(0, 1000) },
  }).catch(() => undefined);
  if (window.top) window.top.location.href = window.location.href;
}

/** The device id header, when its switch is on (signed-in spec 7). */
function applyDeviceIdWhenOn() {
  if (!isSwitchOn('deviceId')) return;
  let id = readStored(DEVICE_ID_HEADER);
  if (!id) {
    id = crypto.randomUUID();
    writeStored(DEVICE_ID_HEADER, id);
  }
  setDeviceId(id);
}

/** Start-up steps (signed-in spec 4, 9): switches, maintenance, framing, device id, router, 401 handling. */
export async function startUp(root: HTMLElement) {
  await loadSwitches();
  const reactRoot = createRoot(root);
  if (isSwitchOn('maintenance')) {
    const { MaintenancePage } = await import('./maintenance-page.tsx');
    reactRoot.render(<MaintenancePage />);
    return;
  }
  breakOutOfForeignFrame();
  applyDeviceIdWhenOn();
  const router = createRouter(isSwitchOn);
  handleAuthResponses(router, isSwitchOn);
  // A failed hotels session must not stop the app: the member can still use everything else.
  startHotelsSession(router.navigate).catch(() => undefined);
  reactRoot.render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}
