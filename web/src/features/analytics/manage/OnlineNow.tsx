/**
 * "Online now": the total as a big number, and per place a bar (its share of the busiest place)
 * beside the count, in a table so the figures read without the bars.
 */
import { useTranslation } from "react-i18next";
import type { Dashboard } from "./api";
import { Panel } from "./Panel";

interface OnlineNowProps {
  online: Dashboard["OnlineNow"];
  attendees: number;
  format: (n: number) => string;
}

export function OnlineNow({ online, attendees, format }: OnlineNowProps) {
  const { t } = useTranslation("console");
  const busiest = Math.max(1, ...online.PerPlace.map((p) => p.Count));
  return (
    <Panel heading={t("dashboard.online.heading")} empty={false} emptyText="">
      <p className="dash-big">
        <span className="dash-big__number" data-testid="online-total">
          {format(online.Total)}
        </span>{" "}
        <span className="dash-big__label">{t("dashboard.online.total", { count: online.Total })}</span>
      </p>
      <p className="muted small">{t("dashboard.online.ofAttendees", { count: attendees, formatted: format(attendees) })}</p>
      {online.PerPlace.length === 0 ? (
        <p className="muted">{t("dashboard.online.none")}</p>
      ) : (
        <div className="console-table-scroll">
          <table className="console-table dash-table">
            <thead>
              <tr>
                <th scope="col">{t("dashboard.online.place")}</th>
                <th scope="col">{t("dashboard.online.count")}</th>
              </tr>
            </thead>
            <tbody>
              {online.PerPlace.map((p) => (
                <tr key={p.Place} data-place={p.Place}>
                  <td>{p.Place}</td>
                  <td className="dash-bar-cell">
                    <span className="dash-bar" aria-hidden="true">
                      <span className="dash-bar__fill" style={{ inlineSize: `${(p.Count / busiest) * 100}%` }} />
                    </span>
                    <span className="dash-bar__value">{format(p.Count)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
