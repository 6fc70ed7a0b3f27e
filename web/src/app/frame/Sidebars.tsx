/**
 * The right and left sidebars (attendee-app.md §4), composing panels of several features (the
 * chat feature's panel, the agenda feature's agenda and speakers, the media feature's cinema and
 * replays, the treasure hunt's leaderboard, the breakout rooms' slider page, the polls feature's
 * poll panel, the room's media info). Titles come from the menu item that opens the panel
 * (SidebarTitles), else the panel's own name.
 */
import { lazy, Suspense, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChatPanel } from "@/features/chat";
import { CinemaPanel, ReplaysPanel } from "@/features/media";
import { useSessions } from "@/features/sessions";
import { EventPageView, menuAction, sidebarTitle, useVenueEvent } from "@/features/venue";
import { BreakoutsPanel } from "./breakouts";
import { PollSidebar } from "./interaction";
import { MediaInfoPanel } from "./media-info";
import { LeaderboardPanel } from "./treasurehunt";
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

/** The event's FAQ, rendered as on /faq (the sidebar's header is its h2). */
function FaqPanel() {
  const { t } = useTranslation();
  return <EventPageView page={useVenueEvent()?.FAQ} heading="h3" empty={<p>{t("venue.sidebar.noFaq")}</p>} />;
}

// The agenda feature is one chunk with its strings, fetched when a panel of it first opens.
const AgendaPanel = lazy(() => import("@/features/agenda").then((m) => ({ default: m.AgendaPanel })));
const SpeakersPanel = lazy(() => import("@/features/agenda").then((m) => ({ default: m.SpeakersPanel })));

function Loading() {
  const { t } = useTranslation();
  return <p role="status">{t("common.loading")}</p>;
}

/** The agenda's mode (all, mine, by location) is the layout's: a "Location Agenda" item sets it. */
function AgendaSidebar() {
  const mode = useLayout((s) => s.agendaMode);
  const setMode = useLayout((s) => s.setAgendaMode);
  return (
    <Suspense fallback={<Loading />}>
      <AgendaPanel mode={mode} onModeChange={setMode} />
    </Suspense>
  );
}

/** The cinema slider page: the slide is the layout's, so loading the page again shows the list. */
function CinemaSidebar() {
  const eventID = useVenueEvent()?.EventID ?? "";
  const slide = useLayout((s) => s.slide);
  const setSlide = useLayout((s) => s.setSlide);
  return <CinemaPanel eventID={eventID} slide={slide} onSlideChange={setSlide} />;
}

/** Replays re-read when a session the venue knows ends (its recording may just have appeared). */
function ReplaysSidebar() {
  const eventID = useVenueEvent()?.EventID ?? "";
  const sessions = useSessions((s) => s.sessions);
  return <ReplaysPanel eventID={eventID} sessions={sessions} />;
}

function RightContent({ panel }: { panel: RightPanel }) {
  switch (panel) {
    case "faq":
      return <FaqPanel />;
    case "agenda":
      return <AgendaSidebar />;
    case "speaker":
      return (
        <Suspense fallback={<Loading />}>
          <SpeakersPanel />
        </Suspense>
      );
    case "chat":
      return <ChatPanel />;
    case "leaderboard":
      return <LeaderboardPanel />;
    case "cinema":
      return <CinemaSidebar />;
    case "replays":
      return <ReplaysSidebar />;
    case "breakoutroom":
      return <BreakoutsPanel />;
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
      {panel === "poll" ? <PollSidebar /> : <MediaInfoPanel />}
    </Frame>
  );
}

/** Only the poll panel takes room from the venue (§4); media_info floats over it. */
export function useLeftResizes(): boolean {
  return useLayout((s) => leftResizesLayout(s.leftSidebar));
}
