/**
 * The two routers of attendee-app.md §2. Paths are case-insensitive (React Router's default);
 * the event router's basename is the first segment as typed, which React Router also matches
 * without regard to case. Views are lazy: each screen is its own chunk, except Login, which is in
 * the start-up chunk: it is the first page of every attendee's first visit, and as a chunk of its
 * own (with its ten small imports) it cost a round of requests after the start-up chunk on a slow
 * network (docs/subsystems/web.md, "First paint").
 */
import { matchRoutes, type RouteObject } from "react-router";
import { LoginPage } from "@/features/accounts/pages/LoginPage";
import { RequireLogin } from "./guards";
import { CookieConsentRoute, EventLayout, frameHandle, SiteLayout } from "./layouts";

const lazyView = {
  // After login: the session gate loads the public event, opens the socket and starts analytics.
  sessionGate: () => import("./session-gate").then((m) => ({ Component: m.SessionGate })),
  rootRedirect: () => import("./session-gate").then((m) => ({ Component: m.RootRedirect })),
  signUp: () => import("@/features/accounts/pages/SignUpPage").then((m) => ({ Component: m.SignUpPage })),
  forgot: () => import("@/features/accounts/pages/ForgotPasswordPage").then((m) => ({ Component: m.ForgotPasswordPage })),
  resetSent: () => import("@/features/accounts/pages/ResetLinkSentPage").then((m) => ({ Component: m.ResetLinkSentPage })),
  verify: () => import("@/features/accounts/pages/VerifyEmailPage").then((m) => ({ Component: m.VerifyEmailPage })),
  confirmation: () => import("@/features/accounts/pages/VerifyEmailPage").then((m) => ({ Component: m.PasswordConfirmationPage })),
  newPassword: () => import("@/features/accounts/pages/NewPasswordPage").then((m) => ({ Component: m.NewPasswordPage })),
  accessDenied: () => import("@/features/accounts/pages/AccessDeniedPage").then((m) => ({ Component: m.AccessDeniedPage })),
  signOut: () => import("@/features/accounts/pages/SignOutPage").then((m) => ({ Component: m.SignOutPage })),
  sso: () => import("@/features/accounts/pages/SsoCompletePage").then((m) => ({ Component: m.SsoCompletePage })),
  imprint: () => import("@/features/policies/PolicyPage").then((m) => ({ Component: m.ImprintPage })),
  privacy: () => import("@/features/policies/PolicyPage").then((m) => ({ Component: m.PrivacyPolicyPage })),
  terms: () => import("@/features/policies/PolicyPage").then((m) => ({ Component: m.TermsPage })),
  start: () => import("@/features/venue/HomeStartPage").then((m) => ({ Component: m.HomeStartPage })),
  landing: () => import("@/features/venue/VenuePages").then((m) => ({ Component: m.LandingPage })),
  profile: () => import("./profile-route").then((m) => ({ Component: m.ProfileRoute })),
  venueFrame: () => import("./frame/VenueFrame").then((m) => ({ Component: m.VenueFrame })),
  room: () => import("./frame/pages").then((m) => ({ Component: m.RoomRoute })),
  faq: () => import("@/features/venue/VenuePages").then((m) => ({ Component: m.FaqPage })),
  iframe: () => import("./frame/pages").then((m) => ({ Component: m.IframeRoute })),
  page: () => import("@/features/venue/VenuePages").then((m) => ({ Component: m.FullscreenPage })),
  auditorium: () => import("./frame/pages").then((m) => ({ Component: m.AuditoriumRoute })),
  breakoutroom: () => import("./frame/pages").then((m) => ({ Component: m.BreakoutRoomRoute })),
  cinema: () => import("./frame/pages").then((m) => ({ Component: m.CinemaRoute })),
  engagement: () => import("./frame/pages").then((m) => ({ Component: m.EngagementRoute })),
  helpdesk: () => import("./frame/pages").then((m) => ({ Component: m.HelpdeskRoute })),
  walloffame: () => import("./frame/pages").then((m) => ({ Component: m.WallOfFameRoute })),
  directLink: () => import("@/features/venue/VenuePages").then((m) => ({ Component: m.DirectLinkPage })),
  directChat: () => import("@/features/chat/ChatRoutes").then((m) => ({ Component: m.DirectChatRoute })),
  groupChat: () => import("@/features/chat/ChatRoutes").then((m) => ({ Component: m.GroupChatRoute })),
  overview: () => import("@/features/events/pages/EventsOverviewPage").then((m) => ({ Component: m.EventsOverviewPage })),
  notFound: () => import("@/features/events/pages/NotFoundPage").then((m) => ({ Component: m.NotFoundPage })),
};

/**
 * Venue paths that need login, inside the venue frame (menus, sidebars: `./frame/`): HomeStart,
 * the content pages and the profile too, so the menus are there wherever the attendee is. `:room`
 * comes last so the fixed paths win (a tour node named like one of them is reached by its id); the
 * PSV viewer lives only in the room's own lazy chunk.
 */
const venuePaths: RouteObject[] = [
  { path: "start", lazy: lazyView.start },
  { path: "landing", lazy: lazyView.landing },
  { path: "profile", lazy: lazyView.profile },
  { path: "page/:slug", lazy: lazyView.page },
  { path: "iframe", lazy: lazyView.iframe },
  { path: "faq", lazy: lazyView.faq },
  { path: "central-plenary-01", lazy: lazyView.room },
  { path: "chat/group/:groupID", lazy: lazyView.groupChat },
  { path: "chat/direct/:personID", lazy: lazyView.directChat },
  { path: ":prefix/directlink", lazy: lazyView.directLink },
  { path: "auditorium", lazy: lazyView.auditorium },
  { path: "breakoutroom", lazy: lazyView.breakoutroom },
  { path: "cinema", lazy: lazyView.cinema },
  { path: "engagement", lazy: lazyView.engagement },
  { path: "helpdesk", lazy: lazyView.helpdesk },
  { path: "walloffame", lazy: lazyView.walloffame },
  { path: ":room", lazy: lazyView.room },
];

export function eventRoutes(basename: string): RouteObject[] {
  return [
    {
      element: <EventLayout basename={basename} />,
      children: [
        // Login group: no login needed.
        { path: "login", Component: LoginPage },
        { path: "sso-complete", lazy: lazyView.sso },
        { path: "sign-out", lazy: lazyView.signOut },
        { path: "password-reset", lazy: lazyView.newPassword },
        { path: "password-confirmation", lazy: lazyView.confirmation },
        { path: "sign-up", lazy: lazyView.signUp },
        { path: "forgot-password", lazy: lazyView.forgot },
        { path: "reset-link-sent", lazy: lazyView.resetSent },
        { path: "verify-email", lazy: lazyView.verify },
        { path: "access-denied", lazy: lazyView.accessDenied },
        // Exempt from the guard: cookie consent, privacy policy, imprint (and the terms).
        { path: "cookie-consent", element: <CookieConsentRoute /> },
        { path: "privacy-policy", lazy: lazyView.privacy },
        { path: "imprint", lazy: lazyView.imprint },
        { path: "terms", lazy: lazyView.terms },
        {
          element: <RequireLogin />,
          children: [
            {
              lazy: lazyView.sessionGate,
              children: [
                { index: true, lazy: lazyView.rootRedirect },
                // The frame fills the viewport above the footer (EventLayout reads the handle).
                { lazy: lazyView.venueFrame, handle: frameHandle, children: venuePaths },
              ],
            },
          ],
        },
        { path: "*", lazy: lazyView.notFound },
      ],
    },
  ];
}

export function fallbackRoutes(): RouteObject[] {
  return [
    {
      element: <SiteLayout />,
      children: [
        { index: true, lazy: lazyView.overview },
        { path: "policies/imprint", lazy: lazyView.imprint },
        { path: "policies/privacy_policy", lazy: lazyView.privacy },
        { path: "policies/terms", lazy: lazyView.terms },
        { path: "*", lazy: lazyView.notFound },
      ],
    },
  ];
}

/**
 * Starts loading the lazy views `pathname` will show, before the router exists (bootstrap.tsx):
 * the chunks then arrive while the event's metadata is on its way instead of after it. The router
 * calls the same loaders later and gets the modules the browser already has.
 */
export function preloadViews(routes: RouteObject[], pathname: string, basename?: string): void {
  for (const { route } of matchRoutes(routes, pathname, basename) ?? []) {
    // Only warming: a chunk that fails to load fails again, visibly, when the router asks for it.
    if (typeof route.lazy === "function") route.lazy().catch(() => undefined);
  }
}
