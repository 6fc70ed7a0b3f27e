/**
 * The caller's part of a hunt's board: "Items found: 2 of 6", the "Hide my name" switch
 * (`PUT …/me`; others then see "Hidden player"), and the clues of the items still to find.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { type Hunt, type HuntKeys, listItems, type MyHunt, setHidden } from "./api";
import { useHuntT } from "./i18n";

interface Props {
  eventID: string;
  hunt: Hunt;
  mine: MyHunt;
  keys: HuntKeys;
}

export function MyProgress({ eventID, hunt, mine, keys }: Props) {
  const t = useHuntT();
  const { t: shared } = useTranslation();
  const client = useQueryClient();
  const saving = useSubmitLock();
  const [failure, setFailure] = useState<string | null>(null);
  const hintId = useId();
  const cluesId = useId();
  const items = useQuery({ queryKey: keys.items(hunt.ID), queryFn: ({ signal }) => listItems(eventID, hunt.ID, signal) });
  const clues = (items.data ?? []).filter((item) => !item.Found && item.Clue.trim() !== "");

  const toggle = () =>
    void saving.run(async () => {
      setFailure(null);
      try {
        client.setQueryData<MyHunt>(keys.me(hunt.ID), await setHidden(eventID, hunt.ID, !mine.Hidden));
        // The caller's own row reads differently now ("You (name hidden)"); others learn it from the next frame.
        void client.invalidateQueries({ queryKey: keys.board(hunt.ID) });
      } catch (error) {
        setFailure(t("me.hideFailed", { reason: shared(errorMessageKey(error)) }));
      }
    });

  return (
    <div className="hunt-progress">
      <p className="hunt-progress__count">{t("me.progress", { found: mine.Found, total: mine.ItemCount })}</p>
      <div className="field field--checkbox hunt-progress__switch">
        <input
          id={`${hintId}-switch`}
          type="checkbox"
          role="switch"
          checked={mine.Hidden}
          aria-describedby={hintId}
          aria-disabled={saving.busy || undefined}
          onChange={toggle}
        />
        <label htmlFor={`${hintId}-switch`}>{t("me.hide")}</label>
        <span id={hintId} className="small muted">
          {t("me.hideHint")}
        </span>
      </div>
      {failure ? (
        <p role="alert" className="hunt-progress__failure">
          {failure}
        </p>
      ) : null}
      {clues.length > 0 ? (
        <section aria-labelledby={cluesId} className="hunt-progress__clues">
          <h3 id={cluesId}>{t("me.clues")}</h3>
          <ul>
            {clues.map((item) => (
              <li key={item.ID}>{item.Clue}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {items.data && mine.ItemCount > 0 && mine.Found >= mine.ItemCount ? <p>{t("me.allFound")}</p> : null}
    </div>
  );
}
