/**
 * The current event: metadata (public, loaded first at start-up) and the public event (loaded
 * with a token). Kept in the browser database (table events, key eventID) and announced to other
 * tabs on `eventStore_generic`.
 */
import { create } from "zustand";
import { openChannel, type Channel } from "@/lib/broadcast";
import { db } from "@/lib/db";
import { useAttendeeStore } from "./attendee-store";
import type { EventMetadata, PublicEvent } from "./types";

interface EventState {
  metadata: EventMetadata | null;
  publicEvent: PublicEvent | null;
}

type EventMessage =
  | { type: "store"; eventID: string; publicEvent: PublicEvent }
  | { type: "clear"; eventID: string };

export const useEventStore = create<EventState>(() => ({ metadata: null, publicEvent: null }));

let channel: Channel<EventMessage> | null = null;

/** Start-up: keep the metadata. Throws when the browser database refuses it (§8: stop). */
export async function storeMetadata(metadata: EventMetadata): Promise<void> {
  useEventStore.setState({ metadata });
  const store = await db();
  const existing = await store.events.get(metadata.EventID);
  await store.events.put({ eventID: metadata.EventID, metadata, event: existing?.event ?? null });
  channel?.close();
  channel = openChannel<EventMessage>("eventStore");
  channel.subscribe((message) => {
    if (message.eventID !== metadata.EventID) return;
    useEventStore.setState({ publicEvent: message.type === "store" ? message.publicEvent : null });
  });
}

export async function storePublicEvent(publicEvent: PublicEvent): Promise<void> {
  useEventStore.setState({ publicEvent });
  const metadata = useEventStore.getState().metadata;
  try {
    await (await db()).events.put({ eventID: publicEvent.EventID, metadata, event: publicEvent });
  } catch {
    // cache only
  }
  channel?.post({ type: "store", eventID: publicEvent.EventID, publicEvent });
}

export async function clearEventData(eventID: string): Promise<void> {
  useEventStore.setState({ publicEvent: null });
  useAttendeeStore.getState().setAttendee(null);
  try {
    const metadata = useEventStore.getState().metadata;
    await (await db()).events.put({ eventID, metadata, event: null });
  } catch {
    // cache only
  }
  channel?.post({ type: "clear", eventID });
}
