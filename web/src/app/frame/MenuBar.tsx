/**
 * Top and bottom navigation (attendee-app.md §3, §9) and what a click does. Every click first
 * re-checks the whitelist (§7), like every sidebar open. App composition: the menu shows the chat
 * feature's unread badge and the sessions feature's "Live" state next to the venue's items.
 */
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { usePersonStore } from "@/features/accounts";
import { useChatUnreadTotal } from "@/features/chat";
import { notify } from "@/features/notifications";
import { boothPerson, openBoothPopup, photoboothURL } from "@/features/photobooth";
import { useSessions } from "@/features/sessions";
import { useVariables } from "@/features/variables";
import { paths } from "@/lib/routes";
import { useNow } from "@/lib/use-now";
import {
  menuAction,
  menuItemName,
  menuItems,
  nodeStatuses,
  SCHEDULE_CLOCK_MS,
  ScheduleBadge,
  useVenueEvent,
  type JsStep,
  type MenuAction,
  type MenuPosition,
  type ScheduleStatus,
  type Tour,
  type VenueMenuItem,
} from "@/features/venue";
import { afterAccessCheck, useLayout } from "./layout-store";
import { MediaMenu } from "./MediaMenu";

export function toggleFullscreen(element: Element | null = document.documentElement): void {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  else void element?.requestFullscreen?.().catch(() => undefined);
}

/** Performs menu actions; shared by the menus and the JS Call named actions. */
export function useMenuRunner() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const event = useVenueEvent();
  const person = usePersonStore((s) => s.person);
  const layout = useLayout.getState;

  const runStep = useCallback(
    (step: JsStep) => {
      switch (step.name) {
        case "openSidebar":
          return void layout().openRight(step.panel);
        case "openLeftSidebar":
          return void layout().openLeft(step.panel);
        case "closeSidebars":
          return layout().closeSidebars();
        case "goToRoom":
          layout().requestYaw(step.yaw);
          return void navigate(`/${encodeURIComponent(step.nodeID)}`);
        case "navigate":
          return void navigate(step.path);
        case "openUrl":
          return void window.open(step.url, "_blank", "noopener,noreferrer");
        case "setVariable":
          return useVariables.getState().setAttendeeVar(step.variable, step.value);
        case "toggleFullscreen":
          return toggleFullscreen();
      }
    },
    [layout, navigate],
  );

  return useCallback(
    (action: MenuAction, title: string) => {
      switch (action.kind) {
        case "right":
          if (action.mode) layout().setAgendaMode(action.mode);
          return void layout().openRight(action.panel);
        case "left":
          return void layout().openLeft(action.panel);
        case "none":
          return void notify("warn", t("venue.menu.unavailable"));
      }
      void afterAccessCheck(() => {
        switch (action.kind) {
          case "route":
            return void navigate(action.to);
          case "panorama":
            layout().requestYaw(action.angle);
            return void navigate(`/${encodeURIComponent(action.nodeID)}`);
          case "url":
            if (action.mode === "same") return window.location.assign(action.src);
            if (action.mode === "over") return layout().showOverPage({ src: action.src, title });
            return void window.open(action.src, "_blank", "noopener,noreferrer");
          case "iframe":
            layout().showIframe({ url: action.url, width: action.width, height: action.height, title });
            return void navigate(paths.iframe);
          case "photobooth": {
            const url = photoboothURL(event?.Photobooth, boothPerson(person, i18n.language));
            if (!url) return void notify("warn", t("venue.menu.photoboothMissing"));
            // A menu click is a user gesture, so only a browser set to block every popup refuses.
            if (!openBoothPopup(url)) notify("warn", t("venue.photobooth.blocked"));
            return;
          }
          case "js":
            return action.action.forEach(runStep);
        }
      });
    },
    [event, i18n.language, layout, navigate, person, runStep, t],
  );
}

/**
 * What each room says about its screens' sessions (live now, starts in N min), for the Panorama
 * items leading there; recomputed as the clock moves and as sessions are pushed.
 */
function useRoomStatuses(tour: Tour | null): Map<string, ScheduleStatus> {
  const sessions = useSessions((s) => s.sessions);
  const now = useNow(SCHEDULE_CLOCK_MS);
  return useMemo(() => nodeStatuses(tour, sessions, now), [tour, sessions, now]);
}

export function MenuBar({ position, tour }: { position: MenuPosition; tour: Tour | null }) {
  const { t, i18n } = useTranslation();
  const event = useVenueEvent();
  const location = useLocation();
  const run = useMenuRunner();
  const unread = useChatUnreadTotal();
  const statuses = useRoomStatuses(tour);
  const rightSidebar = useLayout((s) => s.rightSidebar);
  const items = menuItems((event?.Navigation ?? []) as VenueMenuItem[], position);
  const context = { faqInSidebar: event?.FAQ?.IsSidebar === true };
  const current = decodeURIComponent(location.pathname).toLowerCase();

  return (
    <nav className={`venue-menu venue-menu--${position.toLowerCase()}`} aria-label={t(position === "Top" ? "venue.menu.top" : "venue.menu.bottom")}>
      <ul>
        {items.map((item) => {
          const action = menuAction(item, context);
          const name = menuItemName(item, i18n.language);
          const isCurrent =
            (action.kind === "route" && current === action.to.toLowerCase()) ||
            (action.kind === "panorama" && current === `/${action.nodeID.toLowerCase()}`) ||
            (action.kind === "right" && rightSidebar === action.panel);
          const isChat = action.kind === "right" && action.panel === "chat";
          const status = action.kind === "panorama" ? statuses.get(action.nodeID.toLowerCase()) : undefined;
          return (
            <li key={item.ID}>
              <button
                type="button"
                className="venue-menu__item"
                aria-current={isCurrent ? "page" : undefined}
                aria-disabled={action.kind === "none" ? true : undefined}
                data-menu-type={item.Type}
                onClick={() => run(action, name)}
              >
                {name}
                {status ? <ScheduleBadge status={status} /> : null}
                {isChat && unread > 0 ? (
                  <span className="badge" aria-label={t("venue.menu.unread", { count: unread })}>
                    {unread}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
        {position === "Bottom" ? (
          <>
            <li>
              <MediaMenu />
            </li>
            <li>
              <Link className="venue-menu__item" to={paths.profile} aria-current={current === paths.profile ? "page" : undefined}>
                {t("profile.menuLink")}
              </Link>
            </li>
            <li>
              <Link className="venue-menu__item" to={paths.signOut}>
                {t("venue.menu.signOut")}
              </Link>
            </li>
          </>
        ) : null}
      </ul>
    </nav>
  );
}
