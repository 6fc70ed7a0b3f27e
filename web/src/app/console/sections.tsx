/**
 * The sections of one event in the console: its sub-navigation and its routes come from this
 * one list. A feature adds its organizer screen for an event by adding an entry: the path
 * under `/manage/events/:eventId/` ("" is the event's first page), the label's key in the
 * `console` namespace, and the lazy screen, a component taking `{ eventId }` from
 * `features/<feature>/manage/`.
 */
import type { ComponentType } from "react";
import type { ParseKeys } from "i18next";

export interface EventScreenProps {
  eventId: string;
}

export interface EventSection {
  /** Relative to the event's page; "" is the index (settings). Lower-case, no slashes. */
  path: string;
  labelKey: ParseKeys<"console">;
  load: () => Promise<ComponentType<EventScreenProps>>;
}

export const eventSections: readonly EventSection[] = [
  {
    path: "",
    labelKey: "eventNav.settings",
    load: () => import("@/features/events/manage/EventSettingsPage").then((m) => m.EventSettingsPage),
  },
  {
    path: "access",
    labelKey: "eventNav.access",
    load: () => import("@/features/events/manage/AccessScreen").then((m) => m.AccessScreen),
  },
  {
    path: "admins",
    labelKey: "eventNav.admins",
    load: () => import("@/features/admins/manage/AdminsScreen").then((m) => m.AdminsScreen),
  },
  {
    path: "navigation",
    labelKey: "eventNav.navigation",
    load: () => import("@/features/events/manage/NavigationScreen").then((m) => m.NavigationScreen),
  },
  {
    path: "theme",
    labelKey: "eventNav.theme",
    load: () => import("@/features/themes/manage/LookScreen").then((m) => m.LookScreen),
  },
  {
    path: "pages",
    labelKey: "eventNav.pages",
    load: () => import("@/features/events/manage/PagesScreen").then((m) => m.PagesScreen),
  },
  {
    path: "venue",
    labelKey: "eventNav.venue",
    load: () => import("@/features/venue/manage/VenueScreen").then((m) => m.VenueScreen),
  },
  {
    path: "schedule",
    labelKey: "eventNav.schedule",
    load: () => import("@/features/activities/manage/ScheduleScreen").then((m) => m.ScheduleScreen),
  },
  {
    path: "speakers",
    labelKey: "eventNav.speakers",
    load: () => import("@/features/activities/manage/SpeakersScreen").then((m) => m.SpeakersScreen),
  },
  {
    path: "media",
    labelKey: "eventNav.media",
    load: () => import("@/features/media/manage/MediaScreen").then((m) => m.MediaScreen),
  },
  {
    path: "polls",
    labelKey: "eventNav.polls",
    load: () => import("@/features/polls/manage/PollsScreen").then((m) => m.PollsScreen),
  },
  {
    path: "qna",
    labelKey: "eventNav.qna",
    load: () => import("@/features/qna/manage/QnaScreen").then((m) => m.QnaScreen),
  },
  {
    path: "breakouts",
    labelKey: "eventNav.breakouts",
    load: () => import("@/features/breakouts/manage/BreakoutsScreen").then((m) => m.BreakoutsScreen),
  },
  {
    path: "helpdesk",
    labelKey: "eventNav.helpdesk",
    load: () => import("@/features/helpdesk/manage/HelpdeskScreen").then((m) => m.HelpdeskScreen),
  },
  {
    path: "treasurehunt",
    labelKey: "eventNav.treasurehunt",
    load: () => import("@/features/treasurehunt/manage/HuntScreen").then((m) => m.HuntScreen),
  },
  {
    path: "walloffame",
    labelKey: "eventNav.walloffame",
    load: () => import("@/features/walloffame/manage/WallOfFameScreen").then((m) => m.WallOfFameScreen),
  },
  {
    path: "check",
    labelKey: "eventNav.check",
    load: () => import("@/features/events/manage/PrepublishScreen").then((m) => m.PrepublishScreen),
  },
];
