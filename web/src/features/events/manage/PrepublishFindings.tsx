/**
 * The pre-publish check's findings, grouped by severity (errors, warnings, notes), each with its
 * translated message (built from `Code` and `Params`; a code this build does not know shows the
 * server's English `Message`) and where to fix it: a link to the console section for settings,
 * access and pages; the screen's name and the API call for screens the console does not have yet.
 * Used by the check's screen and by the settings form when listing is refused (409
 * `PREPUBLISH_FAILED`). Severity is said in words and by an icon's shape, never by colour alone.
 */
import type { TFunction } from "i18next";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { API_BASE } from "@/lib/api-client";
import { consolePaths } from "@/lib/console-paths";
import { isPrepublishCode, PREPUBLISH_SEVERITIES, type PrepublishScreen, type PrepublishSeverity } from "@/lib/generated/prepublish-codes";
import { supportedLanguages } from "@/lib/locale";
import type { PrepublishFinding, PrepublishParam } from "./prepublish-api";
import { addPrepublishStrings } from "./prepublish-i18n";
import "./PrepublishScreen.css";

/** The console sections that fix findings, by `Fix.Screen` ("" is the event's settings page). */
export const PREPUBLISH_FIX_ROUTES: Readonly<Partial<Record<PrepublishScreen, string>>> = {
  settings: "",
  access: "access",
  navigation: "navigation",
  theme: "theme",
  pages: "pages",
  venue: "venue",
  // The agenda's sessions are edited in the Schedule section (features/activities/manage).
  agenda: "schedule",
};

export function SeverityIcon({ severity }: { severity: PrepublishSeverity }) {
  // Three shapes: an octagon with a cross, a triangle with "!", a circle with "i".
  return (
    <svg className={`prepublish-icon prepublish-icon--${severity}`} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      {severity === "error" ? (
        <>
          <path d="M5 1h6l4 4v6l-4 4H5l-4-4V5z" fill="currentColor" />
          <path d="M5.5 5.5l5 5M10.5 5.5l-5 5" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
        </>
      ) : severity === "warning" ? (
        <>
          <path d="M8 1l7.5 13.5H.5z" fill="currentColor" />
          <path d="M8 5.5v4.5" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
          <circle cx="8" cy="12.3" r="1" fill="#fff" />
        </>
      ) : (
        <>
          <circle cx="8" cy="8" r="7.5" fill="currentColor" />
          <path d="M8 7v5" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
          <circle cx="8" cy="4.3" r="1" fill="#fff" />
        </>
      )}
    </svg>
  );
}

const languageSet: ReadonlySet<string> = new Set(supportedLanguages);

/** Param values as text: lists joined (language codes by their names), numbers in the locale. */
function paramValues(params: Record<string, PrepublishParam>, tc: TFunction, locale: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      out[key] = value
        .map((v) => (key === "Languages" && languageSet.has(v) ? tc(`languages.${v as (typeof supportedLanguages)[number]}`) : String(v)))
        .join(", ");
    } else if (typeof value === "number") {
      out[key] = value.toLocaleString(locale);
    } else {
      out[key] = String(value);
    }
  }
  return out;
}

/** The finding's text in the current language. */
export function useFindingMessage(): (finding: PrepublishFinding) => string {
  addPrepublishStrings();
  const { t, i18n } = useTranslation("prepublish");
  const { t: tc } = useTranslation();
  return (finding) => {
    if (!isPrepublishCode(finding.Code)) return finding.Message;
    return t(`codes.${finding.Code}`, { ...paramValues(finding.Params, tc, i18n.language), interpolation: { escapeValue: false } });
  };
}

/** The API call that fixes an agenda finding (the console now links its Schedule section instead). */
export function apiCallFor(finding: PrepublishFinding, eventId: string | undefined): string | null {
  const event = `${API_BASE}/events/${eventId ? encodeURIComponent(eventId) : "{EventID}"}`;
  const item = (placeholder: string) => (finding.Fix.ItemID ? encodeURIComponent(finding.Fix.ItemID) : placeholder);
  return finding.Fix.Screen === "agenda" ? `PUT ${event}/activities/${item("{ActivityID}")}` : null;
}

function FixLine({ finding, eventId }: { finding: PrepublishFinding; eventId: string | undefined }) {
  const { t } = useTranslation("prepublish");
  const { t: tc } = useTranslation("console");
  const screen = finding.Fix.Screen;
  const known = (["settings", "access", "navigation", "theme", "pages", "venue", "agenda"] as const).find((s) => s === screen);
  // The agenda's screen is the sub-navigation's Schedule: named as it is there.
  const name = known === "agenda" ? tc("eventNav.schedule") : known ? t(`screens.${known}`) : screen;
  const route = known ? PREPUBLISH_FIX_ROUTES[known] : undefined;
  if (route !== undefined) {
    // A session's finding opens that session there (`?session=<ID>`).
    const item = known === "agenda" && finding.Fix.ItemID ? `?${new URLSearchParams({ session: finding.Fix.ItemID }).toString()}` : "";
    return (
      <p className="prepublish-finding__fix">
        {eventId ? <Link to={`${consolePaths.eventSection(eventId, route)}${item}`}>{t("fixIn", { screen: name })}</Link> : t("fixAt", { screen: name })}
      </p>
    );
  }
  const call = apiCallFor(finding, eventId);
  return (
    <>
      <p className="prepublish-finding__fix">{t("fixElsewhere", { screen: name })}</p>
      {call ? (
        <p className="prepublish-finding__api small muted">
          {t("apiHint")} <code>{call}</code>
        </p>
      ) : null}
    </>
  );
}

export interface PrepublishFindingsProps {
  findings: readonly PrepublishFinding[];
  /** The event's ID, for the links; without it (a new event) screens are named, not linked. */
  eventId?: string;
  /** The level of the groups' headings, under the surrounding one. */
  headingLevel?: 2 | 3 | 4;
}

export function PrepublishFindings({ findings, eventId, headingLevel = 3 }: PrepublishFindingsProps) {
  addPrepublishStrings();
  const { t } = useTranslation("prepublish");
  const message = useFindingMessage();
  const id = useId();
  const Heading = `h${headingLevel}` as "h2" | "h3" | "h4";
  const groups = PREPUBLISH_SEVERITIES.map((severity) => ({ severity, items: findings.filter((f) => f.Severity === severity) })).filter(
    (g) => g.items.length > 0,
  );
  if (groups.length === 0) return null;
  return (
    <div className="prepublish-findings" data-testid="prepublish-findings">
      {groups.map(({ severity, items }) => (
        <section key={severity} className={`prepublish-group prepublish-group--${severity}`} aria-labelledby={`${id}-${severity}`}>
          <Heading id={`${id}-${severity}`} className="prepublish-group__title">
            <SeverityIcon severity={severity} />
            <span>
              {t(`groups.${severity}`)} ({items.length})
            </span>
          </Heading>
          <p className="prepublish-group__hint small muted">{t(`groupHints.${severity}`)}</p>
          <ul className="prepublish-group__list">
            {items.map((finding, index) => (
              <li key={`${finding.Code}-${index}`} className={`prepublish-finding prepublish-finding--${severity}`} data-code={finding.Code}>
                <p className="prepublish-finding__message">
                  <span className="prepublish-badge">
                    <SeverityIcon severity={severity} />
                    {t(`severity.${severity}`)}:
                  </span>{" "}
                  {message(finding)}
                </p>
                <FixLine finding={finding} eventId={eventId} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
