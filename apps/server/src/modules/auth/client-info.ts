import { UAParser } from 'ua-parser-js';

export interface ClientInfo {
  browser: string | null;
  os: string | null;
  device: 'mobile' | 'tablet' | 'desktop';
  deviceModel: string | null;
}

/** Browser, system and device from the user agent alone (no IP, no geolocation). */
export function clientInfo(userAgent: string | null | undefined): ClientInfo {
  const r = new UAParser(userAgent ?? '').getResult();
  const type = r.device.type;
  const model = [r.device.vendor, r.device.model].filter(Boolean).join(' ');
  return {
    // "Chrome Headless" is Chrome as far as a member is concerned.
    browser: r.browser.name?.replace(/ Headless$/, '') ?? null,
    os: r.os.name ?? null,
    device: type === 'mobile' || type === 'tablet' ? type : 'desktop',
    deviceModel: model || null,
  };
}

/** What counts as "the same browser" for the new-sign-in mail: browser and system, not their versions. */
export function clientFamily(userAgent: string | null | undefined): string {
  const c = clientInfo(userAgent);
  return `${c.browser ?? '?'}|${c.os ?? '?'}|${c.device}`;
}
