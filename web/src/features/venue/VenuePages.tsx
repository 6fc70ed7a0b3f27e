/**
 * The venue's non-panorama pages: /faq, /landing, /iframe, /page/{slug} (FullscreenIframe), the
 * module targets of §2 (/auditorium, /breakoutroom, /cinema, /engagement, /helpdesk, /walloffame)
 * and /{prefix}/directlink. Modules whose feature comes later say so instead of showing a blank page.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useParams } from "react-router";
import { paths } from "@/lib/routes";
import { EMBED_ALLOW, embedSandbox, isFramable } from "./embed";
import { EventPageView } from "./EventPageView";
import { menuItemName } from "./menu";
import { useVenueEvent, type VenueMenuItem } from "./venue-event";
import "./venue.css";

export function Back() {
  const { t } = useTranslation();
  return (
    <p>
      <Link className="button button--secondary" to={paths.root}>
        {t("venue.pages.back")}
      </Link>
    </p>
  );
}

/** /faq: the event's FAQ (the same renderer as the FAQ sidebar and the landing page). */
export function FaqPage() {
  const { t } = useTranslation();
  const faq = useVenueEvent()?.FAQ;
  return (
    <main className="content-page" data-page="faq">
      <EventPageView page={faq} heading="h1" fallbackTitle={t("venue.panels.faq")} empty={<p>{t("venue.sidebar.noFaq")}</p>} />
      <Back />
    </main>
  );
}

/** /landing: the organizer's landing page (`Landing` of the public event). */
export function LandingPage() {
  const { t } = useTranslation();
  const event = useVenueEvent();
  return (
    <main className="content-page" data-page="landing">
      <EventPageView page={event?.Landing} heading="h1" fallbackTitle={event?.Title} empty={<p>{t("home.landingEmpty")}</p>} />
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
        sandbox={embedSandbox(frame.url)}
        allow={EMBED_ALLOW}
      />
    </main>
  );
}

/**
 * The FullscreenIframe item a slug names: visible items only (admins also receive hidden ones,
 * which may be drafts), compared without regard to case like every route.
 */
export function pageItem(navigation: readonly VenueMenuItem[], slug: string | undefined): VenueMenuItem | null {
  const wanted = (slug ?? "").toLowerCase();
  if (!wanted) return null;
  return navigation.find((n) => n.Type === "FullscreenIframe" && n.IsVisible !== false && String(n.Data?.slug ?? "").toLowerCase() === wanted) ?? null;
}

/**
 * /page/{slug}: the page a FullscreenIframe item frames (its `url`, events.md "Menu"), filling the
 * venue between the menus. An unknown slug, or an item stored before items had an address, says so.
 */
export function FullscreenPage() {
  const { t, i18n } = useTranslation();
  const { slug } = useParams();
  const item = pageItem(useVenueEvent()?.Navigation ?? [], slug);
  const url = item?.Data?.url;
  if (!item || !isFramable(url)) {
    return (
      <main className="content-page" data-page="fullscreen" data-slug={slug}>
        <h1>{item ? menuItemName(item, i18n.language) : t("notFound.title")}</h1>
        <p role="status">{item ? t("home.pageNoAddress") : t("notFound.body")}</p>
        <Back />
      </main>
    );
  }
  const title = menuItemName(item, i18n.language);
  return (
    <main className="frame-page frame-page--full" data-page="fullscreen" data-slug={slug}>
      <h1 className="visually-hidden">{title}</h1>
      <iframe src={url.trim()} title={title} referrerPolicy="no-referrer" sandbox={embedSandbox(url.trim())} allow={EMBED_ALLOW} />
    </main>
  );
}

export type ModuleName = "auditorium" | "breakoutroom" | "cinema" | "engagement" | "helpdesk" | "walloffame";

/** A module's page: the app hands in what the module, built in its own feature, shows. */
export function ModulePage({ module, children }: { module: ModuleName; children: ReactNode }) {
  const { t } = useTranslation();
  const name = t(`venue.pages.${module}`);
  return (
    <main className="content-page" data-page={module}>
      <h1>{name}</h1>
      {children}
      <Back />
    </main>
  );
}

/** /{prefix}/directlink: a shareable way in that needs login; it leads to the event's "/" rules. */
export function DirectLinkPage() {
  return <Navigate to={paths.root} replace />;
}
