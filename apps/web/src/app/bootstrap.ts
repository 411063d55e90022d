import { loadConfig } from '../lib/config.ts';
import { restoreSession } from '../lib/session.ts';

let ready: Promise<void> | null = null;

/** Runs once per page load before the first guard decision: config and token restore. */
export function ensureBootstrapped(): Promise<void> {
  ready ??= Promise.all([loadConfig(), restoreSession()]).then(() => undefined);
  return ready;
}
