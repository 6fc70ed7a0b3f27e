/**
 * Several queries a screen needs before it can show anything, as the one loadable state
 * `LoadState` takes: pending while any is, failed when any failed (the first reason is said),
 * data once all have it; a retry asks again only for the ones that failed.
 */
import type { LoadableQuery } from "@/components/LoadState";

interface Part {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: unknown;
  refetch: () => unknown;
}

export function allLoaded(parts: readonly Part[]): LoadableQuery {
  const failed = parts.filter((p) => p.isError && p.data === undefined);
  return {
    isPending: parts.some((p) => p.isPending),
    isError: failed.length > 0,
    error: failed[0]?.error ?? null,
    data: parts.every((p) => p.data !== undefined) ? true : undefined,
    refetch: () => Promise.all(failed.map((p) => p.refetch())),
  };
}
