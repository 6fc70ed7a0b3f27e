/**
 * "Notify me of answers": asks the browser for permission to show desktop notifications while it
 * is not granted (the chat asks once at start-up; someone who dismissed that can ask here). Once
 * granted it says so; once refused, only the browser's settings can change it, and it says that.
 * The sentence takes the focus from the button it replaces. Browsers without notifications get
 * nothing here.
 */
import { useEffect, useRef, useState } from "react";
import { useHelpdeskT } from "./i18n";

type Permission = NotificationPermission | "unsupported";

const current = (): Permission => (typeof Notification === "undefined" ? "unsupported" : Notification.permission);

export function NotifyButton() {
  const { t } = useHelpdeskT();
  const [permission, setPermission] = useState<Permission>(current);
  const [asked, setAsked] = useState(false);
  const sentence = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (asked) sentence.current?.focus();
  }, [asked, permission]);

  if (permission === "unsupported") return null;
  const ask = async () => {
    try {
      await Notification.requestPermission();
    } catch (error) {
      console.warn("helpdesk: permission request failed", error);
    }
    setPermission(current());
    setAsked(true);
  };
  if (permission === "default") {
    return (
      <p className="helpdesk-notify">
        <button type="button" className="button button--secondary" onClick={() => void ask()}>
          {t("notify.enable")}
        </button>
      </p>
    );
  }
  return (
    <p className="helpdesk-notify muted small" ref={sentence} tabIndex={-1}>
      {permission === "granted" ? t("notify.on") : t("notify.blocked")}
    </p>
  );
}
