/**
 * The console router (mounted at `/manage`, docs/subsystems/console.md). Each screen is a lazy
 * chunk; an event's sections come from `eventSections` (sections.tsx), so a feature adds a
 * screen there, not here.
 */
import type { ComponentType } from "react";
import { useParams, type RouteObject } from "react-router";
import { EventPageLayout } from "./EventPageLayout";
import { RequireOrganizer } from "./guards";
import { ConsoleNotFound, ConsoleRoot, ConsoleShell } from "./layouts";
import { eventSections, type EventScreenProps } from "./sections";

const lazyView = {
  login: () => import("./LoginPage").then((m) => ({ Component: m.ConsoleLoginPage })),
  events: () => import("@/features/events/manage/EventsListPage").then((m) => ({ Component: m.EventsListPage })),
  newEvent: () => import("@/features/events/manage/EventCreatePage").then((m) => ({ Component: m.EventCreatePage })),
};

/** A section's screen gets the event's ID from the path; a new ID mounts it afresh. */
function withEventId(Screen: ComponentType<EventScreenProps>): ComponentType {
  return function EventScreenRoute() {
    const { eventId = "" } = useParams();
    return <Screen key={eventId} eventId={eventId} />;
  };
}

const sectionRoutes: RouteObject[] = eventSections.map((section) => {
  const lazy = async () => ({ Component: withEventId(await section.load()) });
  return section.path ? { path: section.path, lazy } : { index: true, lazy };
});

export function consoleRoutes(): RouteObject[] {
  return [
    {
      element: <ConsoleRoot />,
      children: [
        { path: "login", lazy: lazyView.login },
        {
          element: <RequireOrganizer />,
          children: [
            {
              element: <ConsoleShell />,
              children: [
                { index: true, lazy: lazyView.events },
                { path: "events/new", lazy: lazyView.newEvent },
                { path: "events/:eventId", element: <EventPageLayout />, children: sectionRoutes },
                { path: "*", element: <ConsoleNotFound /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}
