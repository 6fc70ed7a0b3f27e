/**
 * The event's hunts as a table: title (the main hunt marked), open or closed now, the schedule in
 * the event's zone, how many items; "Edit items" chooses the hunt the panels below work on, the
 * other two change its title and schedule or delete it.
 */
import { useId } from "react";
import { useNow } from "@/lib/use-now";
import type { Hunt } from "../api";
import { isOpenAt } from "../model";
import { formatInZone } from "./event-time";
import { type ManageT, useManageT } from "./i18n";

interface Props {
  hunts: Hunt[];
  chosen: string | null;
  timeZone: string;
  onChoose: (huntID: string) => void;
  onAdd: () => void;
  onDetails: (hunt: Hunt) => void;
  onDelete: (hunt: Hunt) => void;
}

function schedule(t: ManageT, hunt: Hunt, timeZone: string): string {
  const begin = hunt.DateBegin ? formatInZone(hunt.DateBegin, timeZone) : "";
  const end = hunt.DateEnd ? formatInZone(hunt.DateEnd, timeZone) : "";
  if (begin && end) return t("hunts.range", { begin, end });
  if (begin) return t("hunts.from", { date: begin });
  if (end) return t("hunts.until", { date: end });
  return t("hunts.always");
}

export function HuntList({ hunts, chosen, timeZone, onChoose, onAdd, onDetails, onDelete }: Props) {
  const t = useManageT();
  const now = useNow(30_000);
  const headingId = useId();
  return (
    <section className="hunt-panel" aria-labelledby={headingId}>
      <div className="hunt-panel__head">
        <h3 id={headingId}>{t("hunts.title")}</h3>
        <button type="button" className="button" onClick={onAdd}>
          {t("hunts.add")}
        </button>
      </div>
      {hunts.length === 0 ? (
        <p className="hunt-empty">{t("hunts.empty")}</p>
      ) : (
        <div className="hunt-table-wrap">
          <table className="hunt-table">
            <thead>
              <tr>
                <th scope="col">{t("hunts.name")}</th>
                <th scope="col">{t("hunts.state")}</th>
                <th scope="col">{t("hunts.schedule")}</th>
                <th scope="col">{t("hunts.items")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("hunts.edit")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {hunts.map((hunt) => {
                const open = isOpenAt(hunt, now);
                return (
                  <tr key={hunt.ID} data-hunt={hunt.ID} className={hunt.ID === chosen ? "hunt-table__chosen" : undefined}>
                    <th scope="row">
                      {hunt.Title} {hunt.IsMain ? <span className="hunt-badge">{t("hunts.main")}</span> : null}
                    </th>
                    <td>
                      <span className={`hunt-state hunt-state--${open ? "open" : "closed"}`}>{t(open ? "hunts.open" : "hunts.closed")}</span>
                    </td>
                    <td>{schedule(t, hunt, timeZone)}</td>
                    <td>{hunt.ItemCount}</td>
                    <td>
                      <div className="hunt-actions">
                      <button
                        type="button"
                        className="button button--secondary"
                        aria-pressed={hunt.ID === chosen}
                        aria-label={t("hunts.editLabel", { hunt: hunt.Title })}
                        onClick={() => onChoose(hunt.ID)}
                      >
                        {t("hunts.edit")}
                      </button>
                      <button type="button" className="button button--secondary" aria-label={t("hunts.detailsLabel", { hunt: hunt.Title })} onClick={() => onDetails(hunt)}>
                        {t("hunts.details")}
                      </button>
                      <button type="button" className="button button--secondary" aria-label={t("hunts.removeLabel", { hunt: hunt.Title })} onClick={() => onDelete(hunt)}>
                        {t("hunts.remove")}
                      </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
