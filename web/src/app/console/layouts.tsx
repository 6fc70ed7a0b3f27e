/**
 * The console's frame: a skip link, a header (the app's name, the organizer's name, Logout), a
 * side navigation that collapses behind a Menu button on narrow screens (tablets), and the
 * main landmark. After every navigation focus moves to the new page's heading, so keyboard and
 * screen-reader users start where the page starts.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import type { ParseKeys } from "i18next";
import { ConsentModal } from "@/features/consent";
import { Notifications } from "@/features/notifications";
import { consolePaths } from "@/lib/console-paths";
import { PageHeader } from "@/components/PageHeader";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { Footer } from "../Footer";
import { logoutAdmin } from "./api";
import { useOrganizer } from "./guards";
import { useConsoleScope, type ConsoleScope } from "./scope";
import { clearConsoleToken } from "./session";
import "./console.css";

/**
 * Console-wide navigation; features add their top-level organizer screens here. `section` says
 * which paths belong to the item (marked `aria-current="true"`; the item's own page is "page").
 */
export interface ConsoleNavItem {
  to: string;
  labelKey: ParseKeys<"console">;
  section: (pathname: string) => boolean;
  /** Who sees the item (everyone when absent); hidden while the organizer's scope is unknown. */
  shownTo?: (scope: ConsoleScope) => boolean;
}

export const consoleNav: readonly ConsoleNavItem[] = [
  { to: consolePaths.events, labelKey: "nav.events", section: (p) => p === "/" || p.startsWith("/events/") },
  {
    to: consolePaths.customers,
    labelKey: "nav.customers",
    section: (p) => p.startsWith("/customers/"),
    shownTo: (scope) => scope.isMaster === true || scope.isCustomerAdmin === true,
  },
  {
    to: consolePaths.eventRequests,
    labelKey: "nav.eventRequests",
    section: (p) => p.startsWith("/event-requests/"),
    shownTo: (scope) => scope.isMaster === true,
  },
];

/** Everything of the console, login included: notifications, the footer, the consent dialog. */
export function ConsoleRoot() {
  return (
    <div className="app console">
      <Notifications />
      <div className="app__main console__body">
        <Outlet />
      </div>
      <Footer inEvent={false} />
      <ConsentModal />
    </div>
  );
}

/**
 * Moves focus into the page after a navigation (not on the first load): to an element marked
 * `data-route-focus` if the new page already focused one (an event's section), else the first
 * heading, else the main landmark.
 */
function useRouteFocus(main: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const region = main.current;
    if (!region) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && region.contains(active) && active.hasAttribute("data-route-focus")) return;
    const heading = region.querySelector<HTMLElement>("h1");
    (heading ?? region).focus();
  }, [pathname, main]);
}

function LogoutButton() {
  const { t } = useTranslation("console");
  const client = useQueryClient();
  const navigate = useNavigate();
  const { busy, run } = useSubmitLock();
  const logout = () =>
    run(async () => {
      try {
        await logoutAdmin();
      } catch {
        // The token is dropped here either way; a failed revoke only leaves it to expire.
      }
      clearConsoleToken("loggedOut");
      client.removeQueries({ queryKey: ["manage"] });
      await navigate(consolePaths.login, { replace: true });
    });
  return (
    <button type="button" className="button button--secondary console-header__logout" onClick={() => void logout()} disabled={busy}>
      {busy ? t("loggingOut") : t("logout")}
    </button>
  );
}

export function ConsoleShell() {
  const { t } = useTranslation("console");
  const organizer = useOrganizer();
  const scope = useConsoleScope();
  const location = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const navId = useId();
  // The menu (narrow screens) is open for the page it was opened on: a navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? location.pathname : null);
  useRouteFocus(mainRef);

  // Opening it moves focus to its first link.
  useEffect(() => {
    if (menuOpen) navRef.current?.querySelector<HTMLElement>("a")?.focus();
  }, [menuOpen]);

  const here = location.pathname.replace(/(.)\/+$/, "$1") || "/"; // without the basename
  const name = organizer ? `${organizer.FirstName} ${organizer.LastName}`.trim() : "";

  return (
    <div className="console-shell" data-menu-open={menuOpen || undefined}>
      <a className="skip-link" href="#console-main">
        {t("skipToContent")}
      </a>
      <header className="console-header">
        <button
          ref={menuButton}
          type="button"
          className="console-header__menu"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span aria-hidden="true" className="console-header__menu-icon" />
          {t("menu")}
        </button>
        <Link to={consolePaths.events} className="console-header__brand">
          {t("appName")}
        </Link>
        <div className="console-header__account">
          {name ? <span className="console-header__name">{t("signedInAs", { name })}</span> : null}
          <LogoutButton />
        </div>
      </header>
      <div className="console-columns">
        <nav
          ref={navRef}
          id={navId}
          className="console-nav"
          aria-label={t("mainNav")}
          onKeyDown={(e) => {
            if (e.key === "Escape" && menuOpen) {
              setMenuOpen(false);
              menuButton.current?.focus();
            }
          }}
        >
          <ul>
            {consoleNav.filter((item) => !item.shownTo || item.shownTo(scope)).map((item) => (
              <li key={item.to}>
                <Link to={item.to} aria-current={here === item.to ? "page" : item.section(here) ? "true" : undefined}>
                  {t(item.labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main id="console-main" ref={mainRef} className="console-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export function ConsoleNotFound() {
  const { t } = useTranslation("console");
  return (
    <>
      <PageHeader title={t("notFound.title")} />
      <p>{t("notFound.body")}</p>
      <p>
        <Link to={consolePaths.events}>{t("notFound.back")}</Link>
      </p>
    </>
  );
}
