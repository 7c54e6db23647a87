/**
 * Request conventions shared by the web client and the server (docs/product/calls-and-errors.md §S7;
 * docs/product/switches-and-constants.md §S9).
 */
export const CHANNEL_HEADER = 'channel';
export const CHANNEL_VALUE = 'JS-WEB';
/** Optional device id header, sent when the device id switch is on; also the storage key name. */
export const DEVICE_ID_HEADER = 'pianoDeviceId';
export const HTTP_TIMEOUT_MS = 30_000;
/**
 * Methods that change state and therefore need the channel header (docs/architecture.md "Platform
 * contracts").
 */
export const STATE_CHANGING_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
