/**
 * Isolation (attendee-app.md §2, desktop only): when the event metadata has IsUseIsolation, the
 * pages listed in Isolations must run cross-origin isolated (some conference SDKs need it) and
 * are reloaded with mode=zoom when they are not; every other page is reloaded with mode=normal
 * when it is isolated. The reload carries the session id (`id`) and the angle (via storage).
 *
 * Isolations entries are route paths relative to the event ("auditorium", "/page/stage") or
 * objects with a `Path`; they are compared without regard to case.
 */

export function isolationPaths(isolations: readonly unknown[] | undefined): string[] {
  return (isolations ?? []).flatMap((entry) => {
    const raw = typeof entry === "string" ? entry : typeof entry === "object" && entry !== null ? (entry as { Path?: unknown }).Path : null;
    return typeof raw === "string" && raw.trim() !== "" ? [`/${raw.trim().replace(/^\/+/, "").toLowerCase()}`] : [];
  });
}

export interface IsolationInput {
  useIsolation: boolean;
  isolations: readonly unknown[] | undefined;
  pathname: string;
  search: string;
  crossOriginIsolated: boolean;
  desktop: boolean;
}

/** The search string to reload with, or null when the page may stay as it is. */
export function isolationReload(input: IsolationInput): string | null {
  if (!input.useIsolation || !input.desktop) return null;
  const params = new URLSearchParams(input.search);
  const wantsIsolation = isolationPaths(input.isolations).includes(input.pathname.toLowerCase().replace(/\/+$/, "") || "/");
  const mode = params.get("mode");
  if (wantsIsolation && !input.crossOriginIsolated && mode !== "zoom") {
    params.set("mode", "zoom");
    return `?${params.toString()}`;
  }
  if (!wantsIsolation && input.crossOriginIsolated && mode !== "normal") {
    params.set("mode", "normal");
    return `?${params.toString()}`;
  }
  return null;
}

/** Desktop: a fine pointer that can hover (phones and tablets skip isolation). */
export function isDesktop(): boolean {
  try {
    return window.matchMedia("(hover: hover) and (pointer: fine)").matches;
  } catch {
    return true;
  }
}
