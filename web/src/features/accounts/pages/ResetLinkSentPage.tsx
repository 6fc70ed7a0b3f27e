import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { AuthCard } from "@/components/AuthCard";
import { paths } from "@/lib/routes";

export function ResetLinkSentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <AuthCard title={t("resetSent.title")}>
      <p>{t("resetSent.body", { email: params.get("loginEMail") ?? "" })}</p>
      <p>
        <Link to={paths.login}>{t("common.backToLogin")}</Link>
      </p>
    </AuthCard>
  );
}
