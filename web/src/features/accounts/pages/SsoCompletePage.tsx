/**
 * /sso-complete: single sign-on hands over a token in the `venuely_sso` cookie. The cookie must
 * exist (else an error) and is cleared after reading; an unparseable token is refused.
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useEventStore } from "@/features/events";
import { notify } from "@/features/notifications";
import { paths } from "@/lib/routes";
import { storeToken } from "../session";

export const SSO_COOKIE = "venuely_sso";

export function readSsoCookie(): string | null {
  const entry = document.cookie.split("; ").find((c) => c.startsWith(`${SSO_COOKIE}=`));
  document.cookie = `${SSO_COOKIE}=; Max-Age=0; path=/; SameSite=Lax`;
  return entry ? decodeURIComponent(entry.slice(SSO_COOKIE.length + 1)) : null;
}

export function SsoCompletePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const eventID = useEventStore((s) => s.metadata?.EventID);
  const started = useRef(false);

  useEffect(() => {
    if (!eventID || started.current) return;
    started.current = true;
    void (async () => {
      const token = readSsoCookie();
      if (token && (await storeToken(eventID, token))) {
        await navigate(paths.root, { replace: true });
      } else {
        notify("error", t("errors.ssoFailed"));
        await navigate(paths.login, { replace: true });
      }
    })();
  }, [eventID, navigate, t]);

  return (
    <main className="center-page">
      <p role="status">{t("sso.progress")}</p>
    </main>
  );
}
