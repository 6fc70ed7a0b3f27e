/**
 * Route vocabulary and the pure routing rules of attendee-app.md §2: where the app is mounted,
 * which first segments belong to the fallback router, what "/" redirects to, and what the guard
 * remembers. Kept free of React so the rules are unit-tested directly (routes.test.ts).
 */
import { readItem, removeItem, storageKeys, writeItem } from "./storage";

/** Paths inside the event router (relative to `/{eventInternalName}`). */
export const paths = {
  root: "/",
  start: "/start",
  landing: "/landing",
  faq: "/faq",
  iframe: "/iframe",
  profile: "/profile",
  login: "/login",
  ssoComplete: "/sso-complete",
  signOut: "/sign-out",
  passwordReset: "/password-reset",
  passwordConfirmation: "/password-confirmation",
  signUp: "/sign-up",
  forgotPassword: "/forgot-password",
  resetLinkSent: "/reset-link-sent",
  verifyEmail: "/verify-email",
  accessDenied: "/access-denied",
  imprint: "/imprint",
  privacyPolicy: "/privacy-policy",
  terms: "/terms",
  cookieConsent: "/cookie-consent",
} as const;

/** Paths of the fallback router (site root, no event). */
export const sitePaths = {
  overview: "/",
  imprint: "/policies/imprint",
  privacyPolicy: "/policies/privacy_policy",
  terms: "/policies/terms",
} as const;

/** First path segments that never name an event. */
const fallbackSegments = new Set(["", "cookie-consent", "privacy", "terms", "imprint", "policies"]);

export const NULL_ID = "0".repeat(24);

/** The first path segment as typed (decoded), or "" for the site root. */
export function firstSegment(pathname: string): string {
  const raw = pathname.split("/").filter((s) => s !== "")[0] ?? "";
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** True when the fallback router serves this path without asking the server for an event. */
export function isFallbackPath(pathname: string): boolean {
  return fallbackSegments.has(firstSegment(pathname).toLowerCase());
}

/** The event router's basename: the first segment exactly as the visitor typed it. */
export function eventBasename(pathname: string): string {
  const raw = pathname.split("/").filter((s) => s !== "")[0] ?? "";
  return `/${raw}`;
}

export interface NavigationItem {
  ID: string;
  Type: string;
  Data?: Record<string, unknown>;
  VirtualSpaceID?: string;
}

function dataString(item: NavigationItem, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = item.Data?.[key];
    if (typeof value === "string" && value.trim() !== "") return value.trim();
  }
  return null;
}

const moduleRoutes: Record<string, string> = {
  auditorium: "/auditorium",
  breakoutroom: "/breakoutroom",
  cinema: "/cinema",
  engagementisland: "/engagement",
  engagement: "/engagement",
  helpdesk: "/helpdesk",
  landing: "/landing",
  walloffame: "/walloffame",
  faq: "/faq",
  iframe: "/iframe",
};

/** The in-app route a menu item leads to, or null when it is not a page (URL, JS call, ...). */
export function menuItemRoute(item: NavigationItem): string | null {
  switch (item.Type) {
    case "Panorama":
    case "VirtualLocation": {
      const id = dataString(item, "id", "ID");
      return id ? `/${encodeURIComponent(id)}` : null;
    }
    case "FullscreenIframe": {
      const slug = dataString(item, "slug");
      return slug ? `/page/${encodeURIComponent(slug)}` : null;
    }
    case "IFrame":
      return paths.iframe;
    case "Module":
    case "Addon": {
      const module = dataString(item, "module");
      return module ? (moduleRoutes[module.toLowerCase()] ?? null) : null;
    }
    default:
      return null;
  }
}

export interface RootRedirect {
  to: string;
  closeSidebars: boolean;
}

/**
 * "/": the event's DefaultPage (a menu item id) when set, not all zeros and leading to a page;
 * otherwise HomeStart with both sidebars closed.
 */
export function rootRedirect(
  defaultPage: string | null | undefined,
  navigation: readonly NavigationItem[],
): RootRedirect {
  if (defaultPage && defaultPage !== NULL_ID) {
    const item = navigation.find((n) => n.ID === defaultPage);
    const to = item ? menuItemRoute(item) : null;
    if (to) return { to, closeSidebars: false };
  }
  return { to: paths.start, closeSidebars: true };
}

/** The guard: remember where a visitor without a token wanted to go. */
export function rememberWantedRoute(pathname: string, search: string): void {
  writeItem("session", storageKeys.routerRoute, pathname);
  const params = Object.fromEntries(new URLSearchParams(search));
  writeItem("session", storageKeys.routerParam, JSON.stringify(params));
}

/** Where to go after login: the remembered route (once), else null. */
export function takeWantedRoute(): string | null {
  const wanted = peekWantedRoute();
  removeItem("session", storageKeys.routerRoute);
  removeItem("session", storageKeys.routerParam);
  return wanted;
}

/** The remembered route without forgetting it (single sign-on hands it to the server as `Next`). */
export function peekWantedRoute(): string | null {
  const route = readItem("session", storageKeys.routerRoute);
  const rawParams = readItem("session", storageKeys.routerParam);
  if (!route || !route.startsWith("/") || route.startsWith("//")) return null;
  const lower = route.toLowerCase();
  if (lower === paths.login || lower === paths.signOut) return null;
  let search = "";
  try {
    const params: unknown = rawParams ? JSON.parse(rawParams) : {};
    if (params && typeof params === "object") {
      const entries = Object.entries(params).filter(
        (e): e is [string, string] => typeof e[1] === "string",
      );
      search = new URLSearchParams(entries).toString();
    }
  } catch {
    search = "";
  }
  return search ? `${route}?${search}` : route;
}
