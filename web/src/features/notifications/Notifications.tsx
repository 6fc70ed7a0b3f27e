import { useTranslation } from "react-i18next";
import { useNotifications } from "./store";

export function Notifications() {
  const { t } = useTranslation();
  const items = useNotifications((s) => s.items);
  const dismiss = useNotifications((s) => s.dismiss);
  return (
    <section className="notifications" aria-label={t("notifications.region")}>
      {items.map((n) => (
        <div
          key={n.id}
          className={`notification notification--${n.type}`}
          role={n.type === "error" || n.type === "warn" ? "alert" : "status"}
          data-testid="notification"
        >
          <div className="notification__body">
            {n.title ? <strong>{n.title}</strong> : null}
            <span>{n.text}</span>
          </div>
          <button
            type="button"
            className="notification__close"
            onClick={() => dismiss(n.id)}
            aria-label={t("notifications.dismiss")}
          >
            {"×"}
          </button>
        </div>
      ))}
    </section>
  );
}
