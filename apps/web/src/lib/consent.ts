import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The member's cookie choice. Necessary cookies (session) are always on. */
export interface ConsentChoice {
  statistics: boolean;
  /** Where a visit came from (the attribution cookie, SPEC.md §3); absent in choices made before it existed. */
  marketing?: boolean;
  decidedAt: string;
}

interface ConsentState {
  choice: ConsentChoice | null;
  /** True while the consent banner/tool is mounted; attribution is written only then. */
  toolPresent: boolean;
  decide: (statistics: boolean, marketing?: boolean) => void;
  reopen: () => void;
  setToolPresent: (present: boolean) => void;
}

export const CONSENT_STORAGE_KEY = 'cookie_consent';

export const useConsentStore = create<ConsentState>()(
  persist(
    (set) => ({
      choice: null,
      toolPresent: false,
      decide: (statistics, marketing = false) =>
        set({ choice: { statistics, marketing, decidedAt: new Date().toISOString() } }),
      reopen: () => set({ choice: null }),
      setToolPresent: (toolPresent) => set({ toolPresent }),
    }),
    {
      name: CONSENT_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ choice: s.choice }),
    },
  ),
);
