/**
 * The frame around every venue page: menus, sidebars, the "over page" frame, and the start-up
 * work of §4 that needs a loaded session — sessions with their tick, variables, the whitelist
 * check before every sidebar open, and the isolation reloads of §2.
 *
 * App composition, not a feature: it puts the venue's menus next to the chat, sessions and
 * variables features. It fills the viewport between the top of the page and the footer
 * (`frame.css`); the page in the middle scrolls inside it, so the menus and sidebars never move.
 */
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigate } from "react-router";
import { useSession } from "@/features/accounts";
import { checkWhitelist, useEventStore } from "@/features/events";
import { startSessions } from "@/features/sessions";
import { startVariables } from "@/features/variables";
import { isDesktop, isolationReload, useTour, useVenueEvent } from "@/features/venue";
import { paths } from "@/lib/routes";
import { BreakoutStatusLine } from "./breakouts";
import { HelpdeskAnswers } from "./helpdesk";
import { PollNotices } from "./interaction";
import { setAccessCheck, useLayout } from "./layout-store";
import { MenuBar } from "./MenuBar";
import { PhotoboothMessages } from "./photobooth";
import { LeftSidebar, RightSidebar, useLeftResizes } from "./Sidebars";
import "./frame.css";

// Reminders of the attendee's agenda sessions, wherever in the venue they are; the agenda
// feature's chunk (shared with the agenda sidebar) loads with the frame, never on the login page.
const AgendaReminders = lazy(() => import("@/features/agenda").then((m) => ({ default: m.AgendaReminders })));

function OverPage() {
  const { t } = useTranslation();
  const page = useLayout((s) => s.overPage);
  const show = useLayout((s) => s.showOverPage);
  if (!page) return null;
  return (
    <section className="over-page" aria-label={page.title}>
      <header className="sidebar__header">
        <h2>{page.title}</h2>
        <button type="button" className="icon-button" aria-label={t("venue.menu.overPageClose")} onClick={() => show(null)}>
          ×
        </button>
      </header>
      <iframe src={page.src} title={page.title} referrerPolicy="no-referrer" sandbox="allow-scripts allow-same-origin allow-forms allow-popups" />
    </section>
  );
}

function useIsolation() {
  const metadata = useEventStore((s) => s.metadata);
  const location = useLocation();
  useEffect(() => {
    const search = isolationReload({
      useIsolation: metadata?.IsUseIsolation === true,
      isolations: metadata?.Isolations,
      pathname: location.pathname,
      search: location.search,
      crossOriginIsolated: window.crossOriginIsolated === true,
      desktop: isDesktop(),
    });
    // A full reload: isolation is decided by the document's response headers, not by routing.
    if (search !== null) window.location.replace(`${window.location.pathname}${search}`);
  }, [metadata, location.pathname, location.search]);
}

export function VenueFrame() {
  const navigate = useNavigate();
  const event = useVenueEvent();
  const claims = useSession((s) => s.claims);
  const tour = useTour(event?.PanoURL || undefined);
  const leftResizes = useLeftResizes();
  const eventID = event?.EventID;
  const personID = claims?.personId;
  useIsolation();

  useEffect(() => {
    if (!eventID) return;
    return setAccessCheck({
      check: () => checkWhitelist(eventID),
      onRefused: () => void navigate(paths.signOut, { replace: true }),
    });
  }, [eventID, navigate]);

  useEffect(() => (eventID ? startSessions(eventID) : undefined), [eventID]);

  const eventVars = event?.PanoEventVars;
  useEffect(() => (eventID && personID ? startVariables(eventID, personID, eventVars) : undefined), [eventID, personID, eventVars]);

  return (
    <div className={`venue ${leftResizes ? "venue--left-open" : ""}`}>
      <MenuBar position="Top" tour={tour.data?.tour ?? null} />
      <BreakoutStatusLine />
      <div className="venue__body">
        <LeftSidebar />
        <div className="venue__main">
          <Outlet />
        </div>
        <RightSidebar />
      </div>
      <MenuBar position="Bottom" tour={tour.data?.tour ?? null} />
      <OverPage />
      <Suspense fallback={null}>
        <AgendaReminders />
      </Suspense>
      <PollNotices />
      <HelpdeskAnswers />
      <PhotoboothMessages startNodeID={tour.data?.tour.startNodeID ?? null} />
    </div>
  );
}
