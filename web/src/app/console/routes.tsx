/**
 * The console router (mounted at `/manage`, docs/subsystems/console.md). Each screen is a lazy
 * chunk; an event's sections come from `eventSections` (sections.tsx), so a feature adds a
 * screen there, not here.
 */
import type { ComponentType } from "react";
import { useParams, type RouteObject } from "react-router";
import { CustomerPageLayout } from "./CustomerPageLayout";
import { customerSections, type CustomerScreenProps } from "./customer-sections";
import { EventPageLayout } from "./EventPageLayout";
import { RequireOrganizer } from "./guards";
import { ConsoleNotFound, ConsoleRoot, ConsoleShell } from "./layouts";
import { RequireMaster } from "./scope";
import { eventSections, type EventScreenProps } from "./sections";

const lazyView = {
  login: () => import("./LoginPage").then((m) => ({ Component: m.ConsoleLoginPage })),
  events: () => import("@/features/events/manage/EventsListPage").then((m) => ({ Component: m.EventsListPage })),
  newEvent: () => import("@/features/events/manage/EventCreatePage").then((m) => ({ Component: m.EventCreatePage })),
  customers: () => import("@/features/customers/manage/CustomersListPage").then((m) => ({ Component: m.CustomersListPage })),
  newCustomer: () => import("@/features/customers/manage/CustomerCreatePage").then((m) => ({ Component: m.CustomerCreatePage })),
  setPassword: () => import("@/features/customers/manage/SetPasswordPage").then((m) => ({ Component: m.SetPasswordPage })),
  eventRequests: () =>
    import("@/features/events/manage/requests/EventRequestsPage").then((m) => ({ Component: m.EventRequestsPage })),
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

/** A customer's section gets the customer's ID from the path, like an event's. */
function withCustomerId(Screen: ComponentType<CustomerScreenProps>): ComponentType {
  return function CustomerScreenRoute() {
    const { customerId = "" } = useParams();
    return <Screen key={customerId} customerId={customerId} />;
  };
}

const customerRoutes: RouteObject[] = customerSections.map((section) => {
  const lazy = async () => ({ Component: withCustomerId(await section.load()) });
  return section.path ? { path: section.path, lazy } : { index: true, lazy };
});

export function consoleRoutes(): RouteObject[] {
  return [
    {
      element: <ConsoleRoot />,
      children: [
        { path: "login", lazy: lazyView.login },
        // Public: an invited admin has no password yet, so no token either.
        { path: "set-password", lazy: lazyView.setPassword },
        {
          element: <RequireOrganizer />,
          children: [
            {
              element: <ConsoleShell />,
              children: [
                { index: true, lazy: lazyView.events },
                { path: "events/new", lazy: lazyView.newEvent },
                { path: "events/:eventId", element: <EventPageLayout />, children: sectionRoutes },
                { path: "customers", lazy: lazyView.customers },
                {
                  element: <RequireMaster />,
                  children: [
                    { path: "customers/new", lazy: lazyView.newCustomer },
                    { path: "event-requests", lazy: lazyView.eventRequests },
                  ],
                },
                { path: "customers/:customerId", element: <CustomerPageLayout />, children: customerRoutes },
                { path: "*", element: <ConsoleNotFound /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}
