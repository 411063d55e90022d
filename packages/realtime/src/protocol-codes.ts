/**
 * Pusher protocol 7 codes. Close codes tell pusher-js what to do next:
 * 4000–4099 give up, 4100–4199 back off, 4200–4299 reconnect at once.
 * 4300–4399 are error events that leave the connection open.
 */
export const closeCodes = {
  appNotFound: 4001,
  unsupportedProtocol: 4007,
  noProtocol: 4008,
  unauthorized: 4009,
  overCapacity: 4100,
  reconnect: 4200,
  pongTimeout: 4201,
} as const;

export const errorCodes = {
  invalidMessage: 4300,
  clientEventRateLimit: 4301,
  clientEventRejected: 4302,
} as const;

export const SUPPORTED_PROTOCOL = 7;
