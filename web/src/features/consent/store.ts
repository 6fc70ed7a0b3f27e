/**
 * Cookie consent (attendee-app.md §3): strictly necessary is always on; functional and statistics
 * default to true until the visitor saves a choice. The saved choice lives in local storage (it is
 * itself strictly necessary) and `persisted` says whether writing it succeeded.
 */
import { create } from "zustand";
import { readItem, storageKeys, writeItem } from "@/lib/storage";

export interface ConsentSettings {
  isSaved: boolean;
  functional: boolean;
  statistics: boolean;
  persisted: boolean;
}

export const defaultConsent: ConsentSettings = {
  isSaved: false,
  functional: true,
  statistics: true,
  persisted: false,
};

export function loadConsent(): ConsentSettings {
  const raw = readItem("local", storageKeys.consent);
  if (!raw) return defaultConsent;
  try {
    const parsed = JSON.parse(raw) as Partial<ConsentSettings>;
    return {
      isSaved: parsed.isSaved === true,
      functional: parsed.functional !== false,
      statistics: parsed.statistics !== false,
      persisted: true,
    };
  } catch {
    return defaultConsent;
  }
}

interface ConsentState extends ConsentSettings {
  modalOpen: boolean;
  open: () => void;
  close: () => void;
  save: (choice: { functional: boolean; statistics: boolean }) => void;
}

export const useConsent = create<ConsentState>((set) => {
  const initial = loadConsent();
  return {
    ...initial,
    modalOpen: !initial.isSaved,
    open: () => set({ modalOpen: true }),
    close: () => set({ modalOpen: false }),
    save: ({ functional, statistics }) => {
      writeItem("local", storageKeys.consent, JSON.stringify({ isSaved: true, functional, statistics }));
      const persisted = readItem("local", storageKeys.consent) !== null;
      set({ isSaved: true, functional, statistics, persisted, modalOpen: false });
    },
  };
});
