/**
 * Whether an internal name is taken, asked of the server while the person types: once the name
 * has rested for `NAME_CHECK_DELAY_MS` and passes the local rules, `GET
 * /events/name/{name}/metadata` — 200 is taken (unless by this very event), 404 is free.
 */
import { useQuery } from "@tanstack/react-query";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { eventKeys, internalNameOwner } from "./api";
import { internalNameProblem } from "./schema";

export const NAME_CHECK_DELAY_MS = 400;

export type NameStatus = "idle" | "checking" | "free" | "taken" | "unknown";

export function useNameCheck(name: string, ownEventID?: string, ownName?: string): NameStatus {
  const settled = useDebouncedValue(name, NAME_CHECK_DELAY_MS);
  const checkable = internalNameProblem(name) === null && name !== ownName;
  const query = useQuery({
    queryKey: eventKeys.nameTaken(settled),
    queryFn: ({ signal }) => internalNameOwner(settled, signal),
    enabled: checkable && settled === name,
    staleTime: 10_000,
    retry: false,
  });
  if (!checkable) return "idle";
  if (settled !== name || query.isPending) return "checking";
  if (query.isError) return "unknown";
  const owner = query.data;
  return owner === null || owner === undefined || owner === ownEventID ? "free" : "taken";
}
