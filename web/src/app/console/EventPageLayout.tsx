/**
 * An event's pages in the console: its title as the page heading, a link back to the list, and
 * the sub-navigation built from `eventSections` (Settings, Access, and whatever features add).
 * Switching sections moves focus to the new section (marked `data-route-focus`).
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, Outlet, useLocation, useParams } from "react-router";
import { PageHeader } from "@/components/PageHeader";
import { eventQuery } from "@/features/events/manage/api";
import { consolePaths } from "@/lib/console-paths";
import { errorMessageKey } from "@/lib/errors";
import { eventSections } from "./sections";

export function EventPageLayout() {
  const { t } = useTranslation("console");
  const { t: tc } = useTranslation();
  const { eventId = "" } = useParams();
  const { pathname } = useLocation();
  const query = useQuery(eventQuery(eventId));
  const sectionRef = useRef<HTMLDivElement>(null);
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    sectionRef.current?.focus();
  }, [pathname]);

  const active = eventSections.find((s) => pathname.replace(/\/+$/, "").toLowerCase().endsWith(`/${s.path}`)) ?? eventSections[0];

  if (query.isError) {
    return (
      <>
        <PageHeader title={t("loadFailed")} />
        <p role="alert">{tc(errorMessageKey(query.error))}</p>
        <p>
          <Link to={consolePaths.events}>{t("notFound.back")}</Link>
        </p>
      </>
    );
  }

  return (
    <>
      <p className="console-breadcrumb">
        <Link to={consolePaths.events}>{t("nav.events")}</Link>
      </p>
      <PageHeader title={query.data?.Title ?? t("loading")} />
      <nav className="console-subnav" aria-label={t("eventNav.label")}>
        <ul>
          {eventSections.map((section) => (
            <li key={section.path}>
              <NavLink to={consolePaths.eventSection(eventId, section.path)} end>
                {t(section.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div
        ref={sectionRef}
        className="console-section"
        tabIndex={-1}
        data-route-focus
        role="region"
        aria-label={active ? t(active.labelKey) : undefined}
      >
        <Outlet />
      </div>
    </>
  );
}
