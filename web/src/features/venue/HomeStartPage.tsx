/** HomeStart and landing: placeholders the venue issue replaces with the panorama and pages. */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePersonStore } from "@/features/accounts";
import { useEventStore } from "@/features/events";
import { paths } from "@/lib/routes";

function Welcome({ kind }: { kind: "start" | "landing" }) {
  const { t } = useTranslation();
  const title = useEventStore((s) => s.publicEvent?.Title ?? s.metadata?.Title ?? "");
  const person = usePersonStore((s) => s.person);
  const name = person?.FullName || [person?.FirstName, person?.LastName].filter(Boolean).join(" ");
  return (
    <main className="content-page" data-page={kind}>
      <h1>{kind === "start" ? t("home.startTitle", { event: title }) : t("home.landingTitle", { event: title })}</h1>
      <p>{kind === "start" ? t("home.startBody") : t("home.landingBody")}</p>
      {name ? <p className="muted">{t("home.signedInAs", { name })}</p> : null}
      <p>
        <Link className="button button--secondary" to={paths.signOut}>
          {t("home.signOut")}
        </Link>
      </p>
    </main>
  );
}

export const HomeStartPage = () => <Welcome kind="start" />;
export const LandingPage = () => <Welcome kind="landing" />;
