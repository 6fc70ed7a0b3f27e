/**
 * The console's guard: without a token, Login (remembering the wanted page in the navigation
 * state); with one, the organizer is loaded once per token (`GET /admins` must not answer 403,
 * `GET /persons/{PersonID}` gives the name). No organizer rights → the token is revoked and
 * dropped, and Login says why.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation, type Location } from "react-router";
import { ApiError, isExpiredTokenError } from "@/lib/api-client";
import { consolePaths } from "@/lib/console-paths";
import { errorMessageKey } from "@/lib/errors";
import { logoutAdmin, NoOrganizerRightsError, organizerQuery, type ConsolePerson } from "./api";
import { clearConsoleToken, useConsoleSession } from "./session";

export interface LoginState {
  from?: Pick<Location, "pathname" | "search" | "hash">;
}

const OrganizerContext = createContext<ConsolePerson | null>(null);

/** The signed-in organizer (inside the guard). */
export function useOrganizer(): ConsolePerson | null {
  return useContext(OrganizerContext);
}

export function RequireOrganizer() {
  const token = useConsoleSession((s) => s.token);
  const claims = useConsoleSession((s) => s.claims);
  const notice = useConsoleSession((s) => s.notice);
  const location = useLocation();
  if (!token || !claims) {
    const state: LoginState =
      notice === "loggedOut" ? {} : { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={consolePaths.login} replace state={state} />;
  }
  return <OrganizerGate token={token} personID={claims.personId} />;
}

function OrganizerGate({ token, personID }: { token: string; personID: string }) {
  const { t } = useTranslation("console");
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const query = useQuery(organizerQuery(token, personID));
  const error = query.error;

  useEffect(() => {
    if (!error) return;
    if (error instanceof NoOrganizerRightsError) {
      // Revoke the token before dropping it (best effort: it is dropped either way).
      void logoutAdmin()
        .catch(() => undefined)
        .finally(() => clearConsoleToken("noRights"));
    } else if (error instanceof ApiError && error.status === 401 && !isExpiredTokenError(error)) {
      clearConsoleToken(); // revoked or unreadable; an expired one is handled by the client hook
    }
  }, [error]);

  if (query.isPending || error instanceof NoOrganizerRightsError || (error instanceof ApiError && error.status === 401)) {
    return (
      <main id="console-main" className="center-page" tabIndex={-1}>
        <p role="status">{t("loading")}</p>
      </main>
    );
  }
  if (error) {
    return (
      <main id="console-main" className="center-page" tabIndex={-1}>
        <div role="alert">
          <h1>{t("loadFailed")}</h1>
          <p>{tc(errorMessageKey(error))}</p>
        </div>
        <button type="button" className="button" onClick={() => void client.resetQueries({ queryKey: ["manage", "me"] })}>
          {tc("common.retry")}
        </button>
      </main>
    );
  }
  return (
    <OrganizerContext.Provider value={query.data}>
      <Outlet />
    </OrganizerContext.Provider>
  );
}
