/**
 * The venue's non-panorama pages: /faq, /iframe, /page/{slug} (FullscreenIframe), the module
 * targets of §2 (/auditorium, /breakoutroom, /cinema, /engagement, /helpdesk, /walloffame) and
 * /{prefix}/directlink. Modules whose feature comes later say so instead of showing a blank page.
 */
import { useTranslation } from "react-i18next";
import { Link, Navigate, useParams } from "react-router";
import { paths } from "@/lib/routes";
import { menuItemName } from "./menu";
import { useVenueEvent } from "./venue-event";
import "./venue.css";

function Back() {
  const { t } = useTranslation();
  return (
    <p>
      <Link className="button button--secondary" to={paths.root}>
        {t("venue.pages.back")}
      </Link>
    </p>
  );
}

export function FaqPage() {
  const { t } = useTranslation();
  const faq = useVenueEvent()?.FAQ;
  return (
    <main className="content-page" data-page="faq">
      <h1>{faq?.Title || t("venue.panels.faq")}</h1>
      {faq?.Content ? <div className="faq__content">{faq.Content}</div> : <p>{t("venue.sidebar.noFaq")}</p>}
      <Back />
    </main>
  );
}

/** An IFrame menu item (attendee-app.md §3: url, width, height) with the item's name. */
export interface IframeItem {
  url: string;
  width: string;
  height: string;
  title: string;
}

/**
 * /iframe: the IFrame menu item clicked last (`chosen`, which the frame remembers), else the first
 * IFrame item of the menus.
 */
export function IframePage({ chosen }: { chosen: IframeItem | null }) {
  const { t, i18n } = useTranslation();
  const event = useVenueEvent();
  const fallback = (event?.Navigation ?? []).find((item) => item.Type === "IFrame" && typeof item.Data?.url === "string");
  const frame =
    chosen ??
    (fallback && /^https?:\/\//i.test(String(fallback.Data?.url))
      ? { url: String(fallback.Data?.url), width: "100%", height: "100%", title: menuItemName(fallback, i18n.language) }
      : null);
  if (!frame) {
    return (
      <main className="content-page" data-page="iframe">
        <h1>{t("venue.title")}</h1>
        <p>{t("venue.pages.iframeMissing")}</p>
        <Back />
      </main>
    );
  }
  return (
    <main className="frame-page" data-page="iframe">
      <h1 className="visually-hidden">{frame.title}</h1>
      <iframe
        src={frame.url}
        title={frame.title}
        style={{ width: frame.width, height: frame.height }}
        referrerPolicy="no-referrer"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-presentation"
        allow="fullscreen"
      />
    </main>
  );
}

/**
 * /page/{slug}: a FullscreenIframe item names only a slug (attendee-app.md §3) and the API has no
 * page behind a slug yet, so the page shows the item's name and says it is not available.
 */
export function FullscreenPage() {
  const { t, i18n } = useTranslation();
  const { slug } = useParams();
  const item = (useVenueEvent()?.Navigation ?? []).find((n) => n.Type === "FullscreenIframe" && n.Data?.slug === slug);
  return (
    <main className="content-page" data-page="fullscreen" data-slug={slug}>
      <h1>{item ? menuItemName(item, i18n.language) : t("venue.title")}</h1>
      <p>{t("venue.pages.pageMissing")}</p>
      <Back />
    </main>
  );
}

export type ModuleName = "auditorium" | "breakoutroom" | "cinema" | "engagement" | "helpdesk" | "walloffame";

export function ModulePage({ module }: { module: ModuleName }) {
  const { t } = useTranslation();
  const name = t(`venue.pages.${module}`);
  return (
    <main className="content-page" data-page={module}>
      <h1>{name}</h1>
      <p>{t("venue.pages.moduleSoon", { module: name })}</p>
      <Back />
    </main>
  );
}

/** /{prefix}/directlink: a shareable way in that needs login; it leads to the event's "/" rules. */
export function DirectLinkPage() {
  return <Navigate to={paths.root} replace />;
}
