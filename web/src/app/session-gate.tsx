/**
 * After login (attendee-app.md §2, §4): the session gate and the "/" redirect of the event router.
 * A lazy route of its own (routes.tsx), so the realtime socket and the public event's loaders stay
 * out of the login page's JavaScript; RequireLogin (guards.tsx) decides before it loads.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { clearToken, getPerson, usePersonStore, useSession } from "@/features/accounts";
import {
  checkWhitelist,
  clearEventData,
  getAttendee,
  getPublicEvent,
  storePublicEvent,
  useAttendeeStore,
  useEventStore,
} from "@/features/events";
import { notify } from "@/features/notifications";
import { getTheme, storeTheme } from "@/features/themes";
import { ApiError, isExpiredTokenError } from "@/lib/api-client";
import { realtime } from "@/lib/realtime";
import { paths, rootRedirect } from "@/lib/routes";
import { configureTracker } from "@/lib/tracking";
import { useLayout } from "./frame/layout-store";

function isNotWhitelisted(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && !isExpiredTokenError(error);
}

/**
 * With a token: event, user, theme and the attendee record load in parallel, then the realtime
 * slot opens and analytics start if statistics are allowed. Any
 * failure clears the token and event data and goes to Login; a 401 on the event (email left the
 * whitelist) goes to sign-out. Every navigation re-checks the whitelist.
 */
export function SessionGate() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const token = useSession((s) => s.token);
  const claims = useSession((s) => s.claims);
  const metadata = useEventStore((s) => s.metadata);
  const [ready, setReady] = useState(false);
  const loadedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || !claims || !metadata || loadedFor.current === token) return;
    loadedFor.current = token;
    const eventID = metadata.EventID;
    let cancelled = false;
    void (async () => {
      try {
        const [event, person, theme, attendee] = await Promise.all([
          getPublicEvent(eventID),
          getPerson(claims.personId, eventID, metadata.CustomerID),
          getTheme(eventID),
          getAttendee(eventID, claims.personId),
        ]);
        if (cancelled) return;
        await storePublicEvent(event);
        usePersonStore.getState().setPerson(person);
        useAttendeeStore.getState().setAttendee(attendee);
        await storeTheme(eventID, theme);
        // The server ending the session over the socket (whitelist, expiry, revoked token) signs
        // out like the REST refusals do (protocol §7).
        realtime.connect(token, { onSessionEnd: () => void navigate(paths.signOut, { replace: true }) });
        // The tracker loads only while statistics consent is given (bindTrackingConsent).
        const tracking = metadata.Tracking;
        if (tracking?.URL && tracking.SiteID) configureTracker(tracking.URL, tracking.SiteID);
        setReady(true);
      } catch (error) {
        if (cancelled) return;
        loadedFor.current = null;
        if (isExpiredTokenError(error)) return; // the expiry handler already signed out
        if (isNotWhitelisted(error)) {
          await navigate(paths.signOut, { replace: true });
          return;
        }
        await clearToken(eventID);
        await clearEventData(eventID);
        notify("error", t("errors.loginFailedStartup"));
        await navigate(paths.login, { replace: true });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [token, claims, metadata, navigate, t]);

  // Signed out (here or in another tab): the socket closes with the token.
  useEffect(() => {
    if (!token) realtime.close();
  }, [token]);

  useEffect(() => {
    if (!ready || !metadata) return;
    let cancelled = false;
    checkWhitelist(metadata.EventID)
      .then((allowed) => {
        if (!allowed && !cancelled) void navigate(paths.signOut, { replace: true });
      })
      .catch(() => undefined); // a failed check (offline) is not a refusal
    return () => {
      cancelled = true;
    };
  }, [ready, metadata, location.pathname, navigate]);

  if (!ready) {
    return (
      <main className="center-page">
        <p role="status">{t("common.loading")}</p>
      </main>
    );
  }
  return <Outlet />;
}

/** "/": the event's DefaultPage unless it is unset or 24 zeros, else HomeStart with sidebars closed. */
export function RootRedirect() {
  const publicEvent = useEventStore((s) => s.publicEvent);
  const closeSidebars = useLayout((s) => s.closeSidebars);
  const target = rootRedirect(publicEvent?.DefaultPage, publicEvent?.Navigation ?? []);
  useEffect(() => {
    if (target.closeSidebars) closeSidebars();
  }, [target.closeSidebars, closeSidebars]);
  return <Navigate to={target.to} replace />;
}
