/**
 * Opening a hidden item: `POST …/items/{ItemID}/find`. The server credits a find once (its
 * primary key does, under concurrent requests too); the client only says what came of it:
 * "+20 points · you are #3" and the item turns found everywhere it is cached. A second find (409
 * TREASURE_ITEM_ALREADY_FOUND, another tab was quicker) is no failure: the item is marked found.
 * One request per item at a time, however often the marker or the entry is activated.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "@/features/notifications";
import { findItem, type FindResult, type Hunt, type HuntItem, type HuntKeys, type MyHunt } from "./api";
import { findRefusal, isAlreadyFound } from "./errors";
import type { HuntT } from "./i18n";
import { huntAfterFind, markFound, meAfterFind } from "./model";

export function useFind(eventID: string, keys: HuntKeys, t: HuntT): (item: HuntItem) => void {
  const client = useQueryClient();
  const { t: shared } = useTranslation();
  const inFlight = useRef(new Set<string>());

  const found = useCallback(
    (item: HuntItem, result: FindResult | null) => {
      client.setQueryData<HuntItem[]>(keys.items(item.HuntID), (items) => (items ? markFound(items, item.ID) : items));
      if (!result) return;
      client.setQueryData<MyHunt>(keys.me(item.HuntID), (me) => (me ? meAfterFind(me, result) : me));
      client.setQueryData<Hunt[]>(keys.hunts, (hunts) => hunts?.map((hunt) => huntAfterFind(hunt, item.HuntID, result)));
    },
    [client, keys],
  );

  return useCallback(
    (item: HuntItem) => {
      if (item.Found || inFlight.current.has(item.ID)) return;
      inFlight.current.add(item.ID);
      findItem(eventID, item.HuntID, item.ID)
        .then((result) => {
          found(item, result);
          notify("success", t("room.toast", { count: result.Points, rank: result.Rank }));
        })
        .catch((error: unknown) => {
          if (isAlreadyFound(error)) {
            found(item, null);
            // The standing changed elsewhere (another tab): read it again rather than guess.
            void client.invalidateQueries({ queryKey: keys.me(item.HuntID) });
            return;
          }
          const refusal = findRefusal(error);
          if (refusal.kind === "closed") {
            notify("warn", t("room.closed"));
            void client.invalidateQueries({ queryKey: keys.hunts });
          } else if (refusal.kind === "gone") {
            notify("warn", t("room.gone"));
            void client.invalidateQueries({ queryKey: keys.items(item.HuntID) });
          } else {
            notify("error", t("room.failed", { reason: shared(refusal.key) }));
          }
        })
        .finally(() => inFlight.current.delete(item.ID));
    },
    [client, eventID, found, keys, shared, t],
  );
}
