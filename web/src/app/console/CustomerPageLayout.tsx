/**
 * A customer's pages in the console: its name as the page heading (marked when disabled), a link
 * back to the customers, and the sub-navigation built from `customerSections`. Switching sections
 * moves focus to the new section (marked `data-route-focus`), as on an event's pages.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, Outlet, useLocation, useParams } from "react-router";
import { PageHeader } from "@/components/PageHeader";
import { customerQuery } from "@/features/customers/manage/api";
import { consolePaths } from "@/lib/console-paths";
import { errorMessageKey } from "@/lib/errors";
import { customerSections } from "./customer-sections";

export function CustomerPageLayout() {
  const { t } = useTranslation("console");
  const { t: tc } = useTranslation();
  const { customerId = "" } = useParams();
  const { pathname } = useLocation();
  const query = useQuery(customerQuery(customerId));
  const sectionRef = useRef<HTMLDivElement>(null);
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    sectionRef.current?.focus();
  }, [pathname]);

  const here = pathname.replace(/\/+$/, "").toLowerCase();
  const active = customerSections.find((s) => s.path !== "" && here.endsWith(`/${s.path}`)) ?? customerSections[0];

  const breadcrumb = (
    <p className="console-breadcrumb">
      <Link to={consolePaths.customers}>{t("nav.customers")}</Link>
    </p>
  );

  if (query.isError) {
    return (
      <>
        {breadcrumb}
        <PageHeader title={t("loadFailed")} />
        <p role="alert">{tc(errorMessageKey(query.error))}</p>
      </>
    );
  }

  return (
    <>
      {breadcrumb}
      <PageHeader title={query.data?.Name ?? t("loading")}>
        {query.data?.IsDisabled ? <span className="console-badge console-badge--danger">{t("customerPage.disabled")}</span> : null}
      </PageHeader>
      <nav className="console-subnav" aria-label={t("customerNav.label")}>
        <ul>
          {customerSections.map((section) => (
            <li key={section.path}>
              <NavLink to={consolePaths.customerSection(customerId, section.path)} end>
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
