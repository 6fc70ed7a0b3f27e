/**
 * An event's pages in the console: its title as the page heading, a link back to the list, and
 * the sub-navigation built from `eventSections` (Settings, Access, and whatever features add).
 * Switching sections moves focus to the new section (marked `data-route-focus`).
 *
 * Sections needing a role the caller does not hold for this event (`GET …/my-rights`) are left
 * out of the sub-navigation, and their address says so instead of opening the screen; the
 * event's first page, when refused, goes on to the first section the caller may open.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, NavLink, Outlet, useLocation, useParams } from "react-router";
import { PageHeader } from "@/components/PageHeader";
import { eventQuery } from "@/features/events/manage/api";
import { consolePaths } from "@/lib/console-paths";
import { holdsRole, type MyRights } from "@/lib/admin-roles";
import { errorMessageKey } from "@/lib/errors";
import { myRightsQuery } from "./api";
import { eventSections, type EventSection } from "./sections";

/** Whether the caller may open a section; unknown rights (failed check) allow all. */
function mayOpen(section: EventSection, rights: MyRights | undefined): boolean {
  return !section.roles || !rights || section.roles.some((role) => holdsRole(rights, role));
}

function RoleRefusal({ section }: { section: EventSection }) {
  const { t } = useTranslation("console");
  if (!section.roles) return null;
  return (
    <div className="notice">
      <p>{t("roleRefused.title", { role: section.roles.map((role) => t(`roles.${role}`)).join(" / "), section: t(section.labelKey) })}</p>
      <p>{t("roleRefused.body")}</p>
    </div>
  );
}

export function EventPageLayout() {
  const { t } = useTranslation("console");
  const { t: tc } = useTranslation();
  const { eventId = "" } = useParams();
  const { pathname } = useLocation();
  const query = useQuery(eventQuery(eventId));
  const rightsQuery = useQuery(myRightsQuery(eventId));
  const rights = rightsQuery.data;
  const rightsKnown = !rightsQuery.isPending;
  const sections = eventSections.filter((s) => mayOpen(s, rights));
  const sectionRef = useRef<HTMLDivElement>(null);
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    sectionRef.current?.focus();
  }, [pathname]);

  const active = eventSections.find((s) => pathname.replace(/\/+$/, "").toLowerCase().endsWith(`/${s.path}`)) ?? eventSections[0];

  const refused = rightsKnown && active && !mayOpen(active, rights);
  // The event's first page is where every link to the event lands: without its role, the
  // caller goes on to the first section they may open (if any; else the refusal explains).
  const firstAllowed = sections[0];
  if (refused && active?.path === "" && firstAllowed) {
    return <Navigate to={consolePaths.eventSection(eventId, firstAllowed.path)} replace />;
  }

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
      {/* Only once the rights are known: sections do not appear and then vanish. */}
      {rightsKnown ? (
        <nav className="console-subnav" aria-label={t("eventNav.label")}>
          <ul>
            {sections.map((section) => (
              <li key={section.path}>
                <NavLink to={consolePaths.eventSection(eventId, section.path)} end>
                  {t(section.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div
        ref={sectionRef}
        className="console-section"
        tabIndex={-1}
        data-route-focus
        role="region"
        aria-label={active ? t(active.labelKey) : undefined}
      >
        {!rightsKnown ? <p role="status">{t("loading")}</p> : refused ? <RoleRefusal section={active} /> : <Outlet />}
      </div>
    </>
  );
}
