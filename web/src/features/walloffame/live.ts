/**
 * The Wall of Fame kept current by WALLOFFAME_PROJECT_NOTIFY (opcode 45: a project's state and
 * featured flag after every change), which reaches the event's staff (the console's queue) and the
 * author's own sockets (their "My projects"). Frames only signal (architecture.md §5): the change
 * goes into the caches at once, then what the page shows is read again once per burst — for the
 * server's order, the tab counts, a rejection's reason and projects not cached yet. When the
 * socket (re)opens everything is read again.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { realtime } from "@/lib/realtime";
import { useCoalescedReread } from "@/lib/use-coalesced-reread";
import type { Project, WallKeys } from "./api";
import { applyNotice } from "./cache";
import type { ProjectNotice } from "./model";

/** How long a screen waits after a notice before reading its lists again (once per burst). */
export const REREAD_MS = 1000;

export type NoticeListener = (notice: ProjectNotice, before: Project | undefined) => void;

/**
 * Notices of this event into the caches; `onNotice` hears each with the copy known before it.
 * The lists a page shows are marked for one reread after a burst.
 */
export function useProjectNotices(eventID: string, keys: WallKeys, onNotice?: NoticeListener): void {
  const client = useQueryClient();
  const reread = useCoalescedReread(REREAD_MS);
  const listener = useRef(onNotice);
  useEffect(() => {
    listener.current = onNotice;
  });
  useEffect(
    () =>
      realtime.subscribe("WALLOFFAME_PROJECT_NOTIFY", (notice) => {
        if (notice.EventID !== eventID) return;
        const before = applyNotice(client, keys, notice);
        listener.current?.(notice, before);
        // Only queries someone shows are read again; the others are fresh when next mounted.
        for (const key of [keys.mine, keys.galleries, keys.queues, keys.project(notice.ProjectID)]) reread(key);
      }),
    [client, eventID, keys, reread],
  );
}

/** Everything of the Wall of Fame read again whenever the attendee's socket (re)opens. */
export function useRereadOnReconnect(keys: WallKeys): void {
  const client = useQueryClient();
  useEffect(
    () =>
      realtime.onStateChange((state) => {
        if (state === "open") void client.invalidateQueries({ queryKey: keys.all });
      }),
    [client, keys],
  );
}
