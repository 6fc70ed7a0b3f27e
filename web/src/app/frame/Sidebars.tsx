/**
 * The right and left sidebars (attendee-app.md §4), composing panels of several features (the
 * chat feature's panel, the agenda and leaderboard lists). Panels whose feature comes later show a
 * clear placeholder. Titles come from the menu item that opens the panel (SidebarTitles), else the
 * panel's own name.
 */
import { useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChatPanel } from "@/features/chat";
import { eventDay } from "@/features/variables";
import { menuAction, sidebarTitle, useVenueEvent, type VenueEvent } from "@/features/venue";
import { request } from "@/lib/api-client";
import { NULL_ID } from "@/lib/routes";
import { leftResizesLayout, useLayout, type LeftPanel, type RightPanel } from "./layout-store";

function usePanelTitle(panel: RightPanel | LeftPanel): string {
  const { t, i18n } = useTranslation();
  const event = useVenueEvent();
  const context = { faqInSidebar: event?.FAQ?.IsSidebar === true };
  const item = (event?.Navigation ?? []).find((candidate) => {
    const action = menuAction(candidate, context);
    return (action.kind === "right" || action.kind === "left") && action.panel === panel;
  });
  return item ? sidebarTitle(item, i18n.language) : t(`venue.panels.${panel}`);
}

function Placeholder({ panel }: { panel: RightPanel | LeftPanel }) {
  const { t } = useTranslation();
  return (
    <p className="sidebar__placeholder" data-placeholder={panel}>
      {t("venue.sidebar.comingSoon", { panel: t(`venue.panels.${panel}`) })}
    </p>
  );
}

function Frame({ side, panel, onClose, children }: { side: "right" | "left"; panel: RightPanel | LeftPanel; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const title = usePanelTitle(panel);
  return (
    <aside className={`sidebar sidebar--${side}`} aria-label={title} data-panel={panel}>
      <header className="sidebar__header">
        <h2>{title}</h2>
        <button type="button" className="icon-button" aria-label={t("venue.sidebar.close")} onClick={onClose}>
          ×
        </button>
      </header>
      <div className="sidebar__body">{children}</div>
    </aside>
  );
}

function FaqPanel() {
  const { t } = useTranslation();
  const faq = useVenueEvent()?.FAQ;
  if (!faq?.Content && !faq?.Title) return <p>{t("venue.sidebar.noFaq")}</p>;
  return (
    <article className="faq">
      {faq.Title ? <h3>{faq.Title}</h3> : null}
      <div className="faq__content">{faq.Content}</div>
    </article>
  );
}

/** Days of the event (1-based), and today's number clamped into them. */
function eventDays(event: VenueEvent | null): { count: number; today: number } {
  if (!event?.DateBeginUTC || !event.DateEndUTC) return { count: 1, today: 1 };
  const zone = event.TimeZone ?? "UTC";
  const last = eventDay(event.DateBeginUTC, event.DateEndUTC, Date.parse(event.DateEndUTC) - 1, zone);
  const count = Math.min(Math.max(last, 1), 30);
  const now = eventDay(event.DateBeginUTC, event.DateEndUTC, Date.now(), zone);
  return { count, today: now >= 1 && now <= count ? now : 1 };
}

interface ListEntry {
  ID: string;
  Title?: string;
  FullName?: string;
  FirstName?: string;
  LastName?: string;
  JobTitle?: string;
  Company?: string;
  DateBegin?: string;
  DateEnd?: string;
  Speakers?: ListEntry[];
}

const personName = (entry: ListEntry) => entry.FullName || [entry.FirstName, entry.LastName].filter(Boolean).join(" ") || entry.Title || "";

function time(value: string | undefined, timeZone: string): string {
  if (!value) return "";
  try {
    return new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone }).format(new Date(value));
  } catch {
    return "";
  }
}

/** Agenda and speakers: GET /events/{EventID}/lists/agenda|speakers?DayNumber. */
function DayList({ kind }: { kind: "agenda" | "speakers" }) {
  const { t } = useTranslation();
  const event = useVenueEvent();
  const { count, today } = eventDays(event);
  const [day, setDay] = useState(today);
  const eventID = event?.EventID ?? "";
  const query = useQuery({
    queryKey: ["venue", kind, eventID, day],
    queryFn: () => request<ListEntry[]>(`/events/${encodeURIComponent(eventID)}/lists/${kind}`, { query: { DayNumber: day } }),
    enabled: eventID !== "",
  });
  const zone = event?.TimeZone ?? "UTC";
  return (
    <div>
      {count > 1 ? (
        <div className="day-tabs" role="group" aria-label={t("venue.sidebar.days")}>
          {Array.from({ length: count }, (_, i) => i + 1).map((n) => (
            <button key={n} type="button" className="day-tabs__day" aria-pressed={n === day} onClick={() => setDay(n)}>
              {t("venue.sidebar.day", { day: n })}
            </button>
          ))}
        </div>
      ) : null}
      {query.isPending ? <p role="status">{t("common.loading")}</p> : null}
      {query.isError ? <p role="alert">{t("venue.sidebar.loadFailed")}</p> : null}
      {query.data && query.data.length === 0 ? <p>{t(kind === "agenda" ? "venue.sidebar.noSessions" : "venue.sidebar.noSpeakers")}</p> : null}
      {query.data && query.data.length > 0 ? (
        <ul className="day-list">
          {query.data.map((entry) =>
            kind === "agenda" ? (
              <li key={entry.ID}>
                <p className="muted">{t("venue.sidebar.time", { begin: time(entry.DateBegin, zone), end: time(entry.DateEnd, zone) })}</p>
                <h3>{entry.Title}</h3>
                {entry.Speakers && entry.Speakers.length > 0 ? (
                  <p>{t("venue.sidebar.speakersOf", { names: entry.Speakers.map(personName).join(", ") })}</p>
                ) : null}
              </li>
            ) : (
              <li key={entry.ID}>
                <h3>{personName(entry)}</h3>
                <p className="muted">{[entry.JobTitle, entry.Company].filter(Boolean).join(", ")}</p>
              </li>
            ),
          )}
        </ul>
      ) : null}
    </div>
  );
}

interface Ranking {
  Rank?: number;
  PersonID?: string;
  FullName?: string;
  Name?: string;
  Score?: number | string;
}

/** GET /events/{EventID}/treasure-hunts/{TreasureHuntID}/rankings. */
function LeaderboardPanel() {
  const { t } = useTranslation();
  const event = useVenueEvent();
  const huntID = event?.TreasureHuntID ?? "";
  const hasHunt = huntID !== "" && huntID !== NULL_ID;
  const query = useQuery({
    queryKey: ["venue", "rankings", event?.EventID, huntID],
    queryFn: () =>
      request<Ranking[] | { Rankings?: Ranking[] }>(
        `/events/${encodeURIComponent(event?.EventID ?? "")}/treasure-hunts/${encodeURIComponent(huntID)}/rankings`,
      ),
    enabled: hasHunt,
  });
  if (!hasHunt) return <p>{t("venue.sidebar.noTreasureHunt")}</p>;
  if (query.isPending) return <p role="status">{t("common.loading")}</p>;
  if (query.isError) return <p role="alert">{t("venue.sidebar.loadFailed")}</p>;
  const rows = Array.isArray(query.data) ? query.data : (query.data.Rankings ?? []);
  if (rows.length === 0) return <p>{t("venue.sidebar.noRankings")}</p>;
  return (
    <table className="leaderboard">
      <thead>
        <tr>
          <th scope="col">{t("venue.sidebar.rank")}</th>
          <th scope="col">{t("venue.sidebar.name")}</th>
          <th scope="col">{t("venue.sidebar.score")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={row.PersonID ?? i}>
            <td>{row.Rank ?? i + 1}</td>
            <td>{row.FullName ?? row.Name ?? ""}</td>
            <td>{row.Score ?? 0}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RightContent({ panel }: { panel: RightPanel }) {
  switch (panel) {
    case "faq":
      return <FaqPanel />;
    case "agenda":
      return <DayList kind="agenda" />;
    case "speaker":
      return <DayList kind="speakers" />;
    case "chat":
      return <ChatPanel />;
    case "leaderboard":
      return <LeaderboardPanel />;
    default:
      return <Placeholder panel={panel} />;
  }
}

export function RightSidebar() {
  const panel = useLayout((s) => s.rightSidebar);
  const closeRight = useLayout((s) => s.closeRight);
  if (!panel) return null;
  return (
    <Frame side="right" panel={panel} onClose={closeRight}>
      <RightContent panel={panel} />
    </Frame>
  );
}

export function LeftSidebar() {
  const panel = useLayout((s) => s.leftSidebar);
  const closeLeft = useLayout((s) => s.closeLeft);
  if (!panel) return null;
  return (
    <Frame side="left" panel={panel} onClose={closeLeft}>
      <Placeholder panel={panel} />
    </Frame>
  );
}

/** Only the poll panel takes room from the venue (§4); media_info floats over it. */
export function useLeftResizes(): boolean {
  return useLayout((s) => leftResizesLayout(s.leftSidebar));
}
