import { useTranslation } from "react-i18next";
import { AuthCard } from "@/components/AuthCard";
import { sitePaths } from "@/lib/routes";

export function AccessDeniedPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("accessDenied.title")}>
      <p>{t("accessDenied.body")}</p>
      <p>
        {/* The events overview belongs to the fallback router at the site root: a full page load. */}
        <a href={sitePaths.overview}>{t("accessDenied.overview")}</a>
      </p>
    </AuthCard>
  );
}
