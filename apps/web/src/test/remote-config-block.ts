import { REMOTE_CONFIG_ELEMENT_ID } from '../shared/switches/switches.ts';

/** Puts a remote configuration into the page as the server does (apps/server web-app.ts), maintenance on or off. */
export function putRemoteConfigInPage(maintenance: boolean) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = REMOTE_CONFIG_ELEMENT_ID;
  block.textContent = JSON.stringify({
    maintenance: { local: maintenance, preProduction: false, production: false },
  });
  document.head.append(block);
}
