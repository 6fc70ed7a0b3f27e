import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "@/features/notifications";
import { useConsent } from "./store";

export function ConsentModal() {
  const open = useConsent((s) => s.modalOpen);
  // Mounted afresh on every opening, so the switches start from the saved choice.
  return open ? <ConsentDialog /> : null;
}

function ConsentDialog() {
  const { t } = useTranslation();
  const consent = useConsent();
  const titleId = useId();
  const [functional, setFunctional] = useState(consent.functional);
  const [statistics, setStatistics] = useState(consent.statistics);
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    dialogRef.current?.focus();
  }, []);

  const save = (choice: { functional: boolean; statistics: boolean }) => {
    consent.save(choice);
    notify("success", t("consent.saved"));
  };

  return (
    <div className="modal-backdrop">
      <div
        ref={dialogRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={(e) => {
          if (e.key === "Escape" && consent.isSaved) consent.close();
        }}
      >
        <h2 id={titleId}>{t("consent.title")}</h2>
        <p>{t("consent.intro")}</p>
        <ul className="consent-list">
          <li>
            <label className="consent-option">
              <input type="checkbox" role="switch" checked disabled />
              <span>
                <strong>{t("consent.necessary")}</strong>
                <span className="consent-always">{t("consent.alwaysActive")}</span>
                <span className="muted">{t("consent.necessaryDescription")}</span>
              </span>
            </label>
          </li>
          <li>
            <label className="consent-option">
              <input
                type="checkbox"
                role="switch"
                name="functional"
                checked={functional}
                onChange={(e) => setFunctional(e.target.checked)}
              />
              <span>
                <strong>{t("consent.functional")}</strong>
                <span className="muted">{t("consent.functionalDescription")}</span>
              </span>
            </label>
          </li>
          <li>
            <label className="consent-option">
              <input
                type="checkbox"
                role="switch"
                name="statistics"
                checked={statistics}
                onChange={(e) => setStatistics(e.target.checked)}
              />
              <span>
                <strong>{t("consent.statistics")}</strong>
                <span className="muted">{t("consent.statisticsDescription")}</span>
              </span>
            </label>
          </li>
        </ul>
        <div className="modal-actions">
          <button type="button" className="button button--secondary" onClick={() => save({ functional, statistics })}>
            {t("consent.save")}
          </button>
          <button type="button" className="button" onClick={() => save({ functional: true, statistics: true })}>
            {t("consent.acceptAll")}
          </button>
        </div>
      </div>
    </div>
  );
}
