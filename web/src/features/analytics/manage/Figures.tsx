/**
 * The dashboard's blocks once its figures are there: who is online, the two time series, and the
 * four tables, each with its CSV download. Times read in the event's zone.
 */
import { lazy, Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatTime } from "@/lib/dates";
import type { Dashboard, PollParticipation, RoomMinutes, ScreenCount, SessionAttendance } from "./api";
import type { ChartPoint, ChartProps } from "./Chart";
import { OnlineNow } from "./OnlineNow";
import { Panel } from "./Panel";
import { StatTable, type StatColumn } from "./StatTable";

const Chart = lazy(() => import("./Chart").then((m) => ({ default: m.Chart })));

const toPoints = (rows: readonly (readonly [string, number])[]): ChartPoint[] =>
  rows.flatMap(([at, value]) => {
    const ms = Date.parse(at);
    return Number.isFinite(ms) ? [{ at: ms, value }] : [];
  });

function runningTotal(rows: Dashboard["Registrations"]): [string, number][] {
  const totals: [string, number][] = [];
  let total = 0;
  for (const row of rows) {
    total += row.Count;
    totals.push([row.At, total]);
  }
  return totals;
}

function LazyChart(props: ChartProps) {
  const { t } = useTranslation("console");
  return (
    <Suspense fallback={<p role="status">{t("dashboard.chartLoading")}</p>}>
      <Chart {...props} />
    </Suspense>
  );
}

function useFormats(zone: string) {
  const { t, i18n } = useTranslation("console");
  const language = i18n.language;
  return useMemo(() => {
    const numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    const percent = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 });
    const number = (n: number) => numbers.format(n);
    const attendance: StatColumn<SessionAttendance>[] = [
      { id: "session", header: t("dashboard.attendance.session"), cell: (r) => r.Title },
      { id: "peak", header: t("dashboard.attendance.peak"), cell: (r) => number(r.Peak) },
      { id: "unique", header: t("dashboard.attendance.unique"), cell: (r) => number(r.Unique) },
      { id: "average", header: t("dashboard.attendance.average"), cell: (r) => number(r.AverageMinutes) },
    ];
    const polls: StatColumn<PollParticipation>[] = [
      { id: "poll", header: t("dashboard.polls.poll"), cell: (r) => r.Title },
      { id: "ballots", header: t("dashboard.polls.ballots"), cell: (r) => number(r.Ballots) },
      { id: "participation", header: t("dashboard.polls.participation"), cell: (r) => percent.format(r.Participation) },
    ];
    const rooms: StatColumn<RoomMinutes>[] = [
      { id: "room", header: t("dashboard.rooms.place"), cell: (r) => r.Place },
      { id: "minutes", header: t("dashboard.rooms.minutes"), cell: (r) => number(r.PersonMinutes) },
    ];
    const pageViews: StatColumn<ScreenCount>[] = [
      { id: "screen", header: t("dashboard.pageViews.screen"), cell: (r) => r.Screen },
      { id: "count", header: t("dashboard.pageViews.count"), cell: (r) => number(r.Count) },
    ];
    const stamp = (at: number) => `${formatDate(new Date(at), zone)} ${formatTime(new Date(at), language, zone)}`;
    return { number, stamp, columns: { attendance, polls, rooms, pageViews } };
  }, [t, language, zone]);
}

export function Figures({ eventId, data, zone }: { eventId: string; data: Dashboard; zone: string }) {
  const { t } = useTranslation("console");
  const { number, stamp, columns } = useFormats(zone);
  // Registrations read best as the total so far; the CSV has them per hour.
  const registrations = useMemo(() => toPoints(runningTotal(data.Registrations)), [data.Registrations]);
  const chat = useMemo(() => toPoints(data.ChatPerMinute.map((m) => [m.Minute, m.Count] as const)), [data.ChatPerMinute]);

  return (
    <div className="dash-grid">
      <OnlineNow online={data.OnlineNow} attendees={data.Attendees} format={number} />
      <Panel heading={t("dashboard.registrations.heading")} csv={{ eventId, table: "registrations" }} empty={registrations.length === 0} emptyText={t("dashboard.registrations.none")}>
        <LazyChart
          label={t("dashboard.registrations.chartLabel")}
          timeHeader={t("dashboard.registrations.time")}
          valueHeader={t("dashboard.registrations.count")}
          points={registrations}
          timeZone={zone}
          formatTime={stamp}
          stepped
        />
      </Panel>
      <Panel heading={t("dashboard.chat.heading")} csv={{ eventId, table: "chat" }} empty={chat.length === 0} emptyText={t("dashboard.chat.none")}>
        <LazyChart
          label={t("dashboard.chat.chartLabel")}
          timeHeader={t("dashboard.chat.time")}
          valueHeader={t("dashboard.chat.count")}
          points={chat}
          timeZone={zone}
          formatTime={stamp}
          bucketMs={60_000}
        />
      </Panel>
      <Panel heading={t("dashboard.attendance.heading")} csv={{ eventId, table: "attendance" }} empty={data.Attendance.length === 0} emptyText={t("dashboard.attendance.none")} wide>
        <StatTable rows={data.Attendance} rowId={(r) => r.ActivityID} columns={columns.attendance} />
      </Panel>
      <Panel heading={t("dashboard.polls.heading")} csv={{ eventId, table: "polls" }} empty={data.Polls.length === 0} emptyText={t("dashboard.polls.none")}>
        <StatTable rows={data.Polls} rowId={(r) => r.PollID} columns={columns.polls} />
      </Panel>
      <Panel heading={t("dashboard.rooms.heading")} csv={{ eventId, table: "rooms" }} empty={data.TopRooms.length === 0} emptyText={t("dashboard.rooms.none")}>
        <StatTable rows={data.TopRooms} rowId={(r) => r.Place} columns={columns.rooms} />
      </Panel>
      <Panel heading={t("dashboard.pageViews.heading")} csv={{ eventId, table: "pageviews" }} empty={data.PageViews.length === 0} emptyText={t("dashboard.pageViews.none")}>
        <StatTable rows={data.PageViews} rowId={(r) => r.Screen} columns={columns.pageViews} />
      </Panel>
    </div>
  );
}
