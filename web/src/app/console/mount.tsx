/**
 * The console's start-up, loaded by bootstrap as its own chunk when the first path segment is
 * `manage`: its strings, its token (apart from attendees'), its router at basename `/manage`.
 * No event metadata is asked for: `manage` is a reserved name, never an event.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import i18next from "i18next";
import { StrictMode } from "react";
import type { Root } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { notify } from "@/features/notifications";
import { setExpiredTokenHandler, setTokenProvider } from "@/lib/api-client";
import { addConsoleStrings } from "./i18n";
import { consoleRoutes } from "./routes";
import { clearConsoleToken, consoleToken, initConsoleSession } from "./session";

export function createConsoleQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
}

/** Token, expiry and strings: what every console screen relies on (tests call it too). */
export function initConsole(): void {
  addConsoleStrings();
  initConsoleSession();
  setTokenProvider(consoleToken);
  setExpiredTokenHandler(() => {
    if (!consoleToken()) return;
    clearConsoleToken();
    notify("warn", i18next.t("errors.sessionExpired"));
  });
}

export function mountConsole(root: Root, basename: string): void {
  initConsole();
  const router = createBrowserRouter(consoleRoutes(), { basename });
  root.render(
    <StrictMode>
      <QueryClientProvider client={createConsoleQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
