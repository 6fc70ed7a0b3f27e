/**
 * Toast notifications (attendee-app.md §8): types warn, error, success, default; at most three on
 * screen (the oldest gives way), each gone after 3000 ms unless given another duration.
 * Messages are translation keys or already-translated text; they are always rendered as text.
 */
import { create } from "zustand";

export type NotificationType = "warn" | "error" | "success" | "default";

export const MAX_VISIBLE = 3;
export const DEFAULT_DURATION_MS = 3000;

export interface Notification {
  id: number;
  type: NotificationType;
  title?: string;
  text: string;
}

interface NotificationState {
  items: Notification[];
  notify: (n: Omit<Notification, "id">, durationMs?: number) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useNotifications = create<NotificationState>((set, get) => ({
  items: [],
  notify: (n, durationMs = DEFAULT_DURATION_MS) => {
    const id = nextId++;
    set((state) => ({ items: [...state.items, { ...n, id }].slice(-MAX_VISIBLE) }));
    if (durationMs > 0) setTimeout(() => get().dismiss(id), durationMs);
    return id;
  },
  dismiss: (id) => set((state) => ({ items: state.items.filter((i) => i.id !== id) })),
}));

export function notify(type: NotificationType, text: string, title?: string): number {
  return useNotifications.getState().notify(title === undefined ? { type, text } : { type, text, title });
}
