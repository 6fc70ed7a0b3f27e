/**
 * /sso-complete: after a provider (or an organizer's portal) signed the person in, the server set
 * an HttpOnly hand-off cookie and sent the browser here. Scripts cannot read that cookie, so the
 * page asks the server to redeem it (`POST /identity/sso/complete`, with cookies); the server
 * clears it and answers like a login. The token is stored as a password login stores it, then the
 * page goes to `next` when that is a page of this event, else to the event's start.
 *
 * The spec's rule "the cookie must exist, else an error; it is cleared after reading": a missing,
 * used or expired cookie is the server's `SSO_HANDOFF_INVALID`, shown on Login ("Single sign-on did
 * not work"). No answer at all leaves the cookie unused, so the page offers to try again.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useEventStore } from "@/features/events";
import { ApiError, NetworkError } from "@/lib/api-client";
import { paths, takeWantedRoute } from "@/lib/routes";
import { completeSso } from "../api/sso-complete";
import { Reason } from "../reasons";
import { storeToken } from "../session";
import { insideEventPath } from "../sso";

type Phase = "working" | "offline";

const loginWithError = (code: string) => `${paths.login}?${new URLSearchParams({ sso_error: code })}`;

export function SsoCompletePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const eventID = useEventStore((s) => s.metadata?.EventID);
  const [phase, setPhase] = useState<Phase>("working");
  const started = useRef(false);
  const next = params.get("next");

  const complete = useCallback(
    async (event: string) => {
      setPhase("working");
      try {
        const answer = await completeSso(event);
        if (answer.Reason === Reason.LoginOk && answer.Token && (await storeToken(event, answer.Token))) {
          // The guard's remembered page went to the server as `Next` already: forget it here.
          const remembered = takeWantedRoute();
          const target = next === null ? (remembered ?? paths.root) : (insideEventPath(next) ?? paths.root);
          await navigate(target, { replace: true });
        } else if (answer.Reason === Reason.NotAdmitted) {
          await navigate(paths.accessDenied, { replace: true });
        } else {
          await navigate(loginWithError("SSO_HANDOFF_INVALID"), { replace: true });
        }
      } catch (error) {
        if (error instanceof NetworkError) setPhase("offline");
        else await navigate(loginWithError(error instanceof ApiError ? error.code : "SSO_HANDOFF_INVALID"), { replace: true });
      }
    },
    [navigate, next],
  );

  useEffect(() => {
    if (!eventID || started.current) return;
    started.current = true;
    void complete(eventID);
  }, [eventID, complete]);

  if (phase === "offline" && eventID) {
    return (
      <main className="center-page">
        <div role="alert">
          <p>{t("errors.network")}</p>
          <p>
            <button type="button" className="button" onClick={() => void complete(eventID)}>
              {t("common.retry")}
            </button>
          </p>
          <p>
            <Link to={paths.login}>{t("common.backToLogin")}</Link>
          </p>
        </div>
      </main>
    );
  }

  return (
    <main className="center-page">
      <p role="status">{t("sso.progress")}</p>
    </main>
  );
}
