/**
 * Start-up (attendee-app.md §4): metadata by event name (not found → fallback router), token
 * refresh, router build, mount. What needs a token loads on mount (SessionGate, a lazy route). A
 * first segment `manage` loads the organizer console instead (app/console/, its own chunks and
 * router). What the first page needs is requested before anything is awaited (`prefetch`), so
 * those requests travel together on a slow network instead of one after another.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { clearToken, currentToken, initSession } from "@/features/accounts";
import { getMetadataByName, storeMetadata, type EventMetadata } from "@/features/events";
import { notify } from "@/features/notifications";
import { bindConsentSync } from "@/features/privacy/consent-sync";
import { restoreTheme } from "@/features/themes";
import { ApiError, setExpiredTokenHandler, setTokenProvider } from "@/lib/api-client";
import { isConsolePath } from "@/lib/console-paths";
import { db } from "@/lib/db";
import { initI18n } from "@/lib/i18n";
import { eventBasename, firstSegment, isFallbackPath } from "@/lib/routes";
import { bindPanelRequests } from "./frame/panel-requests";
import { StartupError } from "./layouts";
import { eventRoutes, fallbackRoutes, preloadViews } from "./routes";
import { bindAnalytics, bindTrackingConsent } from "./tracking-consent";

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false }, mutations: { retry: false } },
});

function Providers({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </StrictMode>
  );
}

function mountFallback(root: Root): void {
  const router = createBrowserRouter(fallbackRoutes());
  root.render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

type MetadataAnswer = { metadata: EventMetadata } | { error: unknown };

/** Asked for at once; the answer (or the failure) is read after i18n is ready to show it. */
function requestMetadata(name: string): Promise<MetadataAnswer> {
  return getMetadataByName(name).then(
    (metadata) => ({ metadata }),
    (error: unknown) => ({ error }),
  );
}

async function loadMetadata(root: Root, pending: Promise<MetadataAnswer>): Promise<EventMetadata | null> {
  const answer = await pending;
  if ("metadata" in answer) return answer.metadata;
  if (answer.error instanceof ApiError && answer.error.status === 404) {
    mountFallback(root);
    return null;
  }
  root.render(<StartupError onRetry={() => window.location.reload()} />);
  return null;
}

/**
 * Starts what an event page needs before its first render: the metadata, the browser database's
 * chunk (the stored token and theme are read from it) and the chunks of the page asked for.
 */
function prefetchEvent(pathname: string): Promise<MetadataAnswer> {
  const metadata = requestMetadata(firstSegment(pathname));
  // Only warming: a database that fails is handled where it is used.
  db().catch(() => undefined);
  const basename = eventBasename(pathname);
  preloadViews(eventRoutes(basename), pathname, basename);
  return metadata;
}

export async function start(container: HTMLElement): Promise<void> {
  const pathname = window.location.pathname;
  const inConsole = isConsolePath(pathname);
  const fallback = !inConsole && isFallbackPath(pathname);
  if (fallback) preloadViews(fallbackRoutes(), pathname);
  const pendingMetadata = inConsole || fallback ? null : prefetchEvent(pathname);
  const i18n = await initI18n();
  const root = createRoot(container);
  // The organizer console (`/manage`): its own lazy chunk and router; never an event's name.
  if (inConsole) {
    try {
      const { mountConsole } = await import("./console/mount");
      return mountConsole(root, eventBasename(pathname));
    } catch (error) {
      console.error("the console could not be loaded", error);
      root.render(<StartupError onRetry={() => window.location.reload()} />);
      return;
    }
  }
  if (!pendingMetadata) return mountFallback(root);

  const metadata = await loadMetadata(root, pendingMetadata);
  if (!metadata) return;
  try {
    await storeMetadata(metadata);
  } catch (error) {
    console.error("start-up stopped: the event could not be stored locally", error);
    return;
  }
  document.title = metadata.Title;
  await restoreTheme(metadata.EventID);
  await initSession(metadata.EventID);
  setTokenProvider(currentToken);
  setExpiredTokenHandler(() => {
    if (!currentToken()) return;
    void clearToken(metadata.EventID);
    notify("warn", i18n.t("errors.sessionExpired"));
  });

  // For the page's lifetime: consent decides tracking at once; features' panel requests reach
  // the venue frame's layout even before the frame is on screen.
  bindTrackingConsent();
  bindAnalytics();
  // The server keeps a copy of the consent choice (its analytics reads it): sent on login/save.
  bindConsentSync();
  bindPanelRequests();

  const basename = eventBasename(pathname);
  const router = createBrowserRouter(eventRoutes(basename), { basename });
  root.render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}
