/**
 * The Access screen's rule switch: whether only the whitelist admits attendees (`IsRestricted`).
 * Off, an empty list leaves the event open to everyone with an account; on, an empty list admits
 * nobody but the event's organizers (the server decides: accounts/whitelist.py). Saved at once,
 * with `PUT /events/{EventID}` carrying only this field.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "@/components/CheckboxField";
import { request } from "@/lib/api-client";
import { errorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { eventKeys, type ManagedEvent } from "./api";

export function AccessRestriction({
  eventId,
  restricted,
  announce,
}: {
  eventId: string;
  restricted: boolean;
  announce: (text: string) => void;
}) {
  const { t } = useTranslation("access");
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const { busy, run } = useSubmitLock();
  const mutation = useMutation({
    mutationFn: (value: boolean) =>
      request<ManagedEvent>(`/events/${encodeURIComponent(eventId)}`, {
        method: "PUT",
        body: { IsRestricted: value },
      }),
    onSuccess: (event) => client.setQueryData(eventKeys.detail(eventId), event),
  });
  const { mutateAsync } = mutation;

  const change = (value: boolean) =>
    run(async () => {
      try {
        await mutateAsync(value);
        announce(t("restrictSaved"));
      } catch (error) {
        announce(`${t("restrictFailed")} ${tc(errorMessageKey(error))}`);
      }
    });

  return (
    <div className="access-restriction">
      <CheckboxField
        label={t("restrictLabel")}
        checked={restricted}
        aria-disabled={busy || undefined}
        onChange={(e) => {
          if (!busy) void change(e.currentTarget.checked);
        }}
        error={mutation.isError ? t("restrictFailed") : undefined}
      />
      <p className="muted small">{t("restrictHint")}</p>
    </div>
  );
}
