/**
 * How the attendee app shows an organizer's page (events.md "Event pages"): the FAQ on /faq and
 * in its sidebar, and the landing page. One renderer for all three, so they cannot drift apart:
 * the title, the image, then the text as plain text with its line breaks (`.faq__content`, the
 * same as the console's preview). The text is never read as HTML or markdown (quality bar §4).
 */
import { createElement, type ReactNode } from "react";
import type { EventPage } from "./venue-event";
import "./venue.css";

const HEIGHT = /^(\d{1,4})(px|vh|%)?$/;

/**
 * The CSS height of the image from `ImageHeight` (`""`, `auto`, `300`, `300px`, `40vh`, `50%`);
 * undefined leaves the image its natural height (never wider than the page).
 */
export function imageHeight(value: string | undefined): string | undefined {
  const match = HEIGHT.exec((value ?? "").trim());
  if (!match) return undefined;
  return `${match[1]}${match[2] ?? "px"}`;
}

/** The image to show: the uploaded one, else an http(s) `ImageURL`; null without either. */
export function pageImageSource(page: EventPage): string | null {
  if (page.Image?.url) return page.Image.url;
  const url = (page.ImageURL ?? "").trim();
  return /^https?:\/\/\S+$/i.test(url) ? url : null;
}

/** Whether the organizer has put anything on the page (a `null` page is "not configured"). */
export function hasContent(page: EventPage | null | undefined): page is EventPage {
  return Boolean(page && (page.Title?.trim() || page.Content?.trim() || pageImageSource(page)));
}

interface EventPageViewProps {
  page: EventPage | null | undefined;
  /** `h1` on a page of its own; `h3` in a sidebar, whose header is the `h2`. */
  heading: "h1" | "h3";
  /** The heading shown when the page has no title of its own (a page needs an `h1`). */
  fallbackTitle?: string;
  /** What an empty or unconfigured page says instead. */
  empty: ReactNode;
}

export function EventPageView({ page, heading, fallbackTitle, empty }: EventPageViewProps) {
  if (!hasContent(page)) {
    return (
      <>
        {fallbackTitle ? createElement(heading, null, fallbackTitle) : null}
        {empty}
      </>
    );
  }
  const title = page.Title?.trim() || fallbackTitle;
  const src = pageImageSource(page);
  const height = imageHeight(page.ImageHeight);
  return (
    <article className="event-page">
      {title ? createElement(heading, { className: "event-page__title" }, title) : null}
      {/* The organizer gives no text for the image, so it is decorative: the page's words carry it. */}
      {src ? <img className="event-page__image" src={src} alt="" style={height ? { height } : undefined} /> : null}
      {page.Content?.trim() ? <div className="faq__content">{page.Content}</div> : null}
    </article>
  );
}
