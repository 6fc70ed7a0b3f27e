import { useTranslation } from "react-i18next";
import { sitePaths } from "@/lib/routes";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="content-page">
      <h1>{t("notFound.title")}</h1>
      <p>{t("notFound.body")}</p>
      <p>
        <a href={sitePaths.overview}>{t("notFound.overview")}</a>
      </p>
    </main>
  );
}
