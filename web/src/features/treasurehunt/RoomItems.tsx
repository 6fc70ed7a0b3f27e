/**
 * The hunt's part of a room (a lazy chunk the venue frame mounts in every room): the items of the
 * current node from every hunt open now, reported to the room (features/venue/room-items.tsx)
 * as markers and keyboard entries. Activating one finds it (use-find.ts). Renders nothing itself.
 *
 * The props are the venue's `RoomItemsHost` by shape: this feature does not import the venue
 * (the console's item editor does, so the venue may not import it back); app/frame checks the
 * two fit.
 */
import { useQueries, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useNow } from "@/lib/use-now";
import { type HuntItem, listHunts, listItems, useHuntKeys } from "./api";
import { useHuntT } from "./i18n";
import { isOpenAt } from "./model";
import { useFind } from "./use-find";

export interface RoomItemsProps {
  eventID: string;
  nodeID: string;
  onChange: (layer: {
    nodeID: string;
    items: { id: string; yaw: number; pitch: number; label: string; found: boolean }[];
    activate: (id: string) => void;
  }) => void;
}

/** How often the schedule of the hunts is looked at again (no request: their times are known). */
const CLOCK_MS = 30_000;

const itemsOf = (results: { data?: HuntItem[] }[]): (HuntItem[] | undefined)[] => results.map((r) => r.data);

export default function RoomItems({ eventID, nodeID, onChange }: RoomItemsProps) {
  const t = useHuntT();
  const keys = useHuntKeys("venue", eventID);
  const now = useNow(CLOCK_MS);
  const hunts = useQuery({ queryKey: keys.hunts, queryFn: ({ signal }) => listHunts(eventID, signal), enabled: eventID !== "" });
  const open = useMemo(() => (hunts.data ?? []).filter((hunt) => isOpenAt(hunt, now)), [hunts.data, now]);
  // Items of an open hunt only: a closed hunt's markers would invite finds the server refuses.
  const lists = useQueries({
    queries: open.map((hunt) => ({ queryKey: keys.items(hunt.ID), queryFn: ({ signal }: { signal: AbortSignal }) => listItems(eventID, hunt.ID, signal) })),
    combine: itemsOf,
  });
  const here = useMemo(() => lists.flatMap((items) => (items ?? []).filter((item) => item.NodeID === nodeID)), [lists, nodeID]);

  const find = useFind(eventID, keys, t);
  const byID = useRef(new Map<string, HuntItem>());
  useEffect(() => {
    byID.current = new Map(here.map((item) => [item.ID, item]));
  }, [here]);
  const activate = useCallback((id: string) => {
    const item = byID.current.get(id);
    if (item) find(item);
  }, [find]);

  const layer = useMemo(
    () => ({
      nodeID,
      items: here.map((item) => ({ id: item.ID, yaw: item.Yaw, pitch: item.Pitch, found: item.Found, label: t(item.Found ? "room.found" : "room.item", { name: item.Name }) })),
      activate,
    }),
    [nodeID, here, activate, t],
  );
  useEffect(() => {
    onChange(layer);
  }, [layer, onChange]);
  return null;
}
