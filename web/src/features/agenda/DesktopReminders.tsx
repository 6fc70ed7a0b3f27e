/**
 * The opt-in for desktop reminders. The browser's permission is asked for only here, from the
 * attendee's click (browsers ignore or penalize asking unprompted); once granted, reminders also
 * appear as system notifications (AgendaReminders). Denied is said plainly: only the browser's
 * site settings can undo it.
 */
import { useState } from "react";
import { useAgendaT } from "./i18n";

type Permission = "default" | "granted" | "denied" | "unsupported";

const currentPermission = (): Permission => (typeof Notification === "undefined" ? "unsupported" : Notification.permission);

export function DesktopReminders() {
  const { t } = useAgendaT();
  const [permission, setPermission] = useState<Permission>(currentPermission);
  if (permission === "unsupported") return null;
  if (permission === "granted") return <p className="small">{t("reminders.desktopOn")}</p>;
  if (permission === "denied") return <p className="small muted">{t("reminders.desktopBlocked")}</p>;
  const ask = () => {
    Notification.requestPermission().then(setPermission, () => setPermission(currentPermission()));
  };
  return (
    <button type="button" className="button button--secondary agenda-action" onClick={ask}>
      {t("reminders.desktopAsk")}
    </button>
  );
}
