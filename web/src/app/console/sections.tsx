/**
 * The sections of one event in the console: its sub-navigation and its routes come from this
 * one list. A feature adds its organizer screen for an event by adding an entry: the path
 * under `/manage/events/:eventId/` ("" is the event's first page), the label's key in the
 * `console` namespace, and the lazy screen, a component taking `{ eventId }` from
 * `features/<feature>/manage/`.
 *
 * `roles` are the capabilities the section's work needs (lib/admin-roles.ts, the server's mapping
 * in admins/roles.py): the event page shows a section only to those holding one of them (their
 * effective roles from `GET /events/{EventID}/my-rights`) and refuses its route to others with a
 * message. Check has no role: it only reads, and points each finding to the section that fixes it.
 */
import type { ComponentType } from "react";
import type { ParseKeys } from "i18next";
import type { AdminRole } from "@/lib/admin-roles";

export interface EventScreenProps {
  eventId: string;
}

export interface EventSection {
  /** Relative to the event's page; "" is the index (settings). Lower-case, no slashes. */
  path: string;
  labelKey: ParseKeys<"console">;
  /** The roles that may open the section (any one of them); absent: anyone who manages the
   * event. Screens that mix authoring and live work (polls, breakouts, Wall of Fame) open to
   * both roles; the server refuses each action the caller's roles do not cover. */
  roles?: readonly AdminRole[];
  load: () => Promise<ComponentType<EventScreenProps>>;
}

export const eventSections: readonly EventSection[] = [
  {
    path: "",
    labelKey: "eventNav.settings",
    roles: ["content"],
    load: () => import("@/features/events/manage/EventSettingsPage").then((m) => m.EventSettingsPage),
  },
  {
    path: "access",
    labelKey: "eventNav.access",
    roles: ["people"],
    load: () => import("@/features/events/manage/AccessScreen").then((m) => m.AccessScreen),
  },
  {
    path: "admins",
    labelKey: "eventNav.admins",
    roles: ["people"],
    load: () => import("@/features/admins/manage/AdminsScreen").then((m) => m.AdminsScreen),
  },
  {
    path: "navigation",
    labelKey: "eventNav.navigation",
    roles: ["content"],
    load: () => import("@/features/events/manage/NavigationScreen").then((m) => m.NavigationScreen),
  },
  {
    path: "theme",
    labelKey: "eventNav.theme",
    roles: ["content"],
    load: () => import("@/features/themes/manage/LookScreen").then((m) => m.LookScreen),
  },
  {
    path: "pages",
    labelKey: "eventNav.pages",
    roles: ["content"],
    load: () => import("@/features/events/manage/PagesScreen").then((m) => m.PagesScreen),
  },
  {
    path: "venue",
    labelKey: "eventNav.venue",
    roles: ["content"],
    load: () => import("@/features/venue/manage/VenueScreen").then((m) => m.VenueScreen),
  },
  {
    path: "schedule",
    labelKey: "eventNav.schedule",
    roles: ["content"],
    load: () => import("@/features/activities/manage/ScheduleScreen").then((m) => m.ScheduleScreen),
  },
  {
    path: "speakers",
    labelKey: "eventNav.speakers",
    roles: ["content"],
    load: () => import("@/features/activities/manage/SpeakersScreen").then((m) => m.SpeakersScreen),
  },
  {
    path: "media",
    labelKey: "eventNav.media",
    roles: ["content"],
    load: () => import("@/features/media/manage/MediaScreen").then((m) => m.MediaScreen),
  },
  {
    path: "polls",
    labelKey: "eventNav.polls",
    roles: ["content", "moderation"],
    load: () => import("@/features/polls/manage/PollsScreen").then((m) => m.PollsScreen),
  },
  {
    path: "qna",
    labelKey: "eventNav.qna",
    roles: ["moderation"],
    load: () => import("@/features/qna/manage/QnaScreen").then((m) => m.QnaScreen),
  },
  {
    path: "breakouts",
    labelKey: "eventNav.breakouts",
    roles: ["content", "moderation"],
    load: () => import("@/features/breakouts/manage/BreakoutsScreen").then((m) => m.BreakoutsScreen),
  },
  {
    path: "helpdesk",
    labelKey: "eventNav.helpdesk",
    roles: ["moderation"],
    load: () => import("@/features/helpdesk/manage/HelpdeskScreen").then((m) => m.HelpdeskScreen),
  },
  {
    path: "treasurehunt",
    labelKey: "eventNav.treasurehunt",
    roles: ["content"],
    load: () => import("@/features/treasurehunt/manage/HuntScreen").then((m) => m.HuntScreen),
  },
  {
    path: "walloffame",
    labelKey: "eventNav.walloffame",
    roles: ["content", "moderation"],
    load: () => import("@/features/walloffame/manage/WallOfFameScreen").then((m) => m.WallOfFameScreen),
  },
  {
    path: "people",
    labelKey: "eventNav.people",
    roles: ["people"],
    load: () => import("@/features/people/manage/PeopleScreen").then((m) => m.PeopleScreen),
  },
  {
    path: "dashboard",
    labelKey: "eventNav.dashboard",
    roles: ["analytics"],
    load: () => import("@/features/analytics/manage/DashboardScreen").then((m) => m.DashboardScreen),
  },
  {
    path: "check",
    labelKey: "eventNav.check",
    load: () => import("@/features/events/manage/PrepublishScreen").then((m) => m.PrepublishScreen),
  },
];
