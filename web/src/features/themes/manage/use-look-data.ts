/**
 * Everything the Look screen needs before it can show a field, read in parallel: the event (its
 * customer and title), the event's level, the key vocabulary, the effective default, and the
 * global theme the event is based on (only once the level names one). Combined into one loadable
 * for `LoadState`: pending while any is, failed when any failed, Try again refetching the failed.
 * A base theme that cannot be read later (a background refresh) leaves the screen up, inheriting
 * from the default meanwhile.
 */
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { LoadableQuery } from "@/components/LoadState";
import {
  baseThemeQuery,
  defaultThemeQuery,
  eventThemeQuery,
  lookEventQuery,
  schemasQuery,
  type LookEvent,
  type ThemeLevel,
  type ThemeSchemas,
} from "./look-api";
import { inheritedLayers, type Inherited } from "./look-model";

export interface LookData {
  event: LookEvent;
  /** The event's own level; null until something was set there. */
  level: ThemeLevel | null;
  schemas: ThemeSchemas;
  inherited: Inherited;
}

export function useLookData(eventId: string): { query: LoadableQuery; data: LookData | undefined } {
  const event = useQuery(lookEventQuery(eventId));
  const own = useQuery(eventThemeQuery(eventId));
  const schemas = useQuery(schemasQuery());
  const defaults = useQuery(defaultThemeQuery());
  const baseId = own.data?.Theme?.BaseThemeID ?? null;
  const base = useQuery({ ...baseThemeQuery(baseId ?? ""), enabled: baseId !== null });

  // The first time, the screen waits for the base theme too (no flash of wrong inherited values);
  // once shown, it stays while a newly applied base loads, so no draft or focus is lost.
  const [shown, setShown] = useState(false);
  const queries = baseId === null || shown ? [event, own, schemas, defaults] : [event, own, schemas, defaults, base];
  const failed = queries.filter((q) => q.isError);
  const ready = queries.every((q) => q.isSuccess);

  const data = useMemo((): LookData | undefined => {
    if (!ready || !event.data || !own.data || !schemas.data || !defaults.data) return undefined;
    const level = own.data.Theme ?? null;
    const inherited = inheritedLayers(defaults.data, baseId === null ? null : (base.data ?? null), event.data.CustomerID);
    return { event: event.data, level, schemas: schemas.data, inherited };
  }, [ready, event.data, own.data, schemas.data, defaults.data, base.data, baseId]);
  // Set while rendering (React's pattern for state derived from what is rendered), not in an effect.
  if (data && !shown) setShown(true);

  return {
    data,
    query: {
      isPending: !ready && failed.length === 0,
      isError: failed.length > 0,
      error: failed[0]?.error ?? null,
      data,
      refetch: () => {
        for (const q of failed) void q.refetch();
      },
    },
  };
}
