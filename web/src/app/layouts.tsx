import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useMatches, useNavigate } from "react-router";
import { trackPageView as trackVisit, whereOf } from "@/features/analytics";
import { ConsentModal, useConsent } from "@/features/consent";
import { Notifications } from "@/features/notifications";
import { trackPageView } from "@/lib/tracking";
import { paths } from "@/lib/routes";
import { Footer } from "./Footer";
import { useLayout } from "./frame/layout-store";

/**
 * Route handle of a layout that fills the viewport above the footer (the venue frame): the page
 * then never scrolls as a whole; the frame's middle scrolls inside it.
 */
export const frameHandle = { fillsViewport: true } as const;

function useFillsViewport(): boolean {
  return useMatches().some((match) => (match.handle as Partial<typeof frameHandle> | undefined)?.fillsViewport === true);
}

/**
 * After each navigation: a query `id` selects that session, and a page view is tracked unless a
 * `mode` query is present (attendee-app.md §2).
 */
export function usePageView(basename: string): void {
  const location = useLocation();
  const selectSession = useLayout((s) => s.selectSession);
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const id = query.get("id");
    if (id) selectSession(id);
    if (query.has("mode")) return;
    trackPageView(`${basename}${location.pathname}`, document.title);
    // Venuely's own statistics (features/analytics): only paths inside the venue count.
    const where = whereOf(location.pathname);
    if (where) trackVisit(where.screen, where.place);
  }, [location.pathname, location.search, basename, selectSession]);
}

/** /cookie-consent opens the preference modal over HomeStart's way in (Login). */
export function CookieConsentRoute() {
  const open = useConsent((s) => s.open);
  const navigate = useNavigate();
  useEffect(() => {
    open();
    void navigate(paths.root, { replace: true });
  }, [open, navigate]);
  return null;
}

export function EventLayout({ basename }: { basename: string }) {
  usePageView(basename);
  const fills = useFillsViewport();
  return (
    <div className={fills ? "app app--frame" : "app"}>
      <Notifications />
      <div className="app__main">
        <Outlet />
      </div>
      <Footer inEvent />
      <ConsentModal />
    </div>
  );
}

export function SiteLayout() {
  return (
    <div className="app">
      <Notifications />
      <div className="app__main">
        <Outlet />
      </div>
      <Footer inEvent={false} />
      <ConsentModal />
    </div>
  );
}

export function StartupError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="center-page" role="alert">
      <h1>{t("events.startupFailed")}</h1>
      <p>{t("errors.network")}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t("common.retry")}
      </button>
    </main>
  );
}
