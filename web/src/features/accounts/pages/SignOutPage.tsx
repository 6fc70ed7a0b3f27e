/** /sign-out: logs out on the server; whatever happens, the token goes and Login follows. */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { flushAnalytics, trackUsage } from "@/features/analytics";
import { clearEventData, useEventStore } from "@/features/events";
import { paths } from "@/lib/routes";
import { logout } from "../api/logout";
import { usePersonStore } from "../person-store";
import { clearToken, currentToken } from "../session";

export function SignOutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const eventID = useEventStore((s) => s.metadata?.EventID);
  const started = useRef(false);

  useEffect(() => {
    if (!eventID || started.current) return;
    started.current = true;
    void (async () => {
      if (currentToken()) {
        // Counted while the token still works (the tracker stops once it is cleared); a slow
        // answer holds the sign-out up for a second at most.
        trackUsage("logout");
        await Promise.race([flushAnalytics(), new Promise((resolve) => setTimeout(resolve, 1000))]);
        try {
          await logout();
        } catch {
          // on failure the token is cleared all the same
        }
      }
      await clearToken(eventID);
      await clearEventData(eventID);
      usePersonStore.getState().setPerson(null);
      await navigate(paths.login, { replace: true });
    })();
  }, [eventID, navigate]);

  return (
    <main className="center-page">
      <p role="status">{t("signOut.progress")}</p>
    </main>
  );
}
