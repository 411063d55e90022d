/** Leaves the SPA (e.g. for the onboarding site); a seam so tests can observe it. */
export function leaveTo(url: string) {
  window.location.assign(url);
}
