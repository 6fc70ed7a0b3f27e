import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useConsent } from "@/features/consent";
import { changeLanguage } from "@/lib/i18n";
import { isLanguage, supportedLanguages } from "@/lib/locale";
import { paths, sitePaths } from "@/lib/routes";

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const functional = useConsent((s) => s.functional);
  return (
    <label className="language-switcher">
      <span>{t("footer.language")}</span>
      <select
        name="language"
        value={isLanguage(i18n.language) ? i18n.language : "en"}
        onChange={(e) => {
          if (isLanguage(e.target.value)) void changeLanguage(e.target.value, functional);
        }}
      >
        {supportedLanguages.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {t(`languages.${lang}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Provider line, cookie settings, privacy policy, imprint, tagline and the language switcher. */
export function Footer({ inEvent }: { inEvent: boolean }) {
  const { t } = useTranslation();
  const openConsent = useConsent((s) => s.open);
  return (
    <footer className="footer">
      <span className="footer__provider">{t("footer.provider")}</span>
      <button type="button" className="link-button" onClick={openConsent}>
        {t("consent.open")}
      </button>
      {inEvent ? (
        <>
          <Link to={paths.privacyPolicy}>{t("footer.privacy")}</Link>
          <Link to={paths.imprint}>{t("footer.imprint")}</Link>
        </>
      ) : (
        <>
          <a href={sitePaths.privacyPolicy}>{t("footer.privacy")}</a>
          <a href={sitePaths.imprint}>{t("footer.imprint")}</a>
        </>
      )}
      <span className="footer__tagline">{t("footer.tagline")}</span>
      <LanguageSwitcher />
    </footer>
  );
}
