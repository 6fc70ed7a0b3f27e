/**
 * A small rendering of what attendees would see with the values being edited, before they are
 * saved: the login screen (its box moved by `login_box_x_offset` as on a wide screen) and the venue
 * frame (header, menu, the page, a chat panel with messages). It is painted exactly as the
 * attendee app paints a theme: the same custom properties from the same functions (../theme.ts
 * `themeVariables`, `fontFaceRules`, `faviconUrl`, `parseOffset`, `loginBoxOffset`), set on the
 * preview's own element so the console itself stays unthemed. The fonts get a family name of their
 * own for the same reason (the console's stylesheet names the attendee app's family first).
 */
import { useId, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { faviconUrl, fontFaceRules, loginBoxOffset, OFFSET_STEPS, parseOffset, THEME_FONT_FAMILY, themeVariables, type Theme } from "../theme";
import { LOOK_NS } from "./look-i18n";

export const PREVIEW_FONT_FAMILY = "VenuelyLookPreview";
/** The widest step of the attendee app's offset rule: the offset applies in full there. */
const WIDE_SCREEN = OFFSET_STEPS[0].minWidth;

/** The theme's `@font-face` rules under the preview's own family name. */
export function previewFontRules(theme: Theme): string {
  return fontFaceRules(theme.FontAssets)
    .map((rule) => rule.replace(`"${THEME_FONT_FAMILY}"`, `"${PREVIEW_FONT_FAMILY}"`))
    .join("\n");
}

export function LookPreview({ theme, eventTitle }: { theme: Theme; eventTitle: string }) {
  const { t } = useTranslation(LOOK_NS);
  const headingId = useId();
  const fonts = previewFontRules(theme);
  const favicon = faviconUrl(theme);
  const offset = loginBoxOffset(parseOffset(theme.login_box_x_offset) ?? 0, WIDE_SCREEN);
  // Custom properties are not in CSSProperties' keys; React sets them with setProperty.
  const variables = themeVariables(theme) as CSSProperties;
  return (
    <div className="look-preview" role="group" aria-labelledby={headingId}>
      <h3 id={headingId}>{t("preview.title")}</h3>
      <p className="small muted">{t("preview.hint")}</p>
      {/* Text content, never parsed as HTML: the rules come from fontFaceRules, which drops unsafe URLs. */}
      {fonts ? <style>{fonts}</style> : null}
      <div className="look-preview__canvas" style={variables} data-testid="look-preview">
        <div className="look-preview__tab">
          {favicon ? <img src={favicon} alt="" width={16} height={16} data-testid="preview-favicon" /> : null}
          <span>{eventTitle}</span>
        </div>
        <div className="look-preview__login" role="img" aria-label={t("preview.loginAlt", { offset: `${offset}%` })}>
          <div className="look-preview__box" style={{ transform: `translateX(${offset}%)` }} data-testid="preview-box">
            <p className="look-preview__box-title">{t("preview.login")}</p>
            <span className="look-preview__input">{t("preview.email")}</span>
            <span className="look-preview__input">{t("preview.password")}</span>
            <span className="look-preview__button">{t("preview.signIn")}</span>
          </div>
        </div>
      </div>
      <div className="look-preview__canvas" style={variables}>
        <div className="look-preview__frame" role="img" aria-label={t("preview.frameAlt")}>
          <div className="look-preview__header" data-testid="preview-header">
            <span>{eventTitle}</span>
            <span className="look-preview__menu-item">{t("preview.lobby")}</span>
            <span className="look-preview__menu-item">{t("preview.agenda")}</span>
          </div>
          <div className="look-preview__body">
            <div className="look-preview__page">
              <p>{t("preview.welcome")}</p>
              <span className="look-preview__button">{t("preview.join")}</span>
            </div>
            <div className="look-preview__chat" data-testid="preview-chat">
              <p className="look-preview__chat-title">{t("preview.chat")}</p>
              <p className="look-preview__message look-preview__message--other">{t("preview.otherMessage")}</p>
              <p className="look-preview__message look-preview__message--own">{t("preview.ownMessage")}</p>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
