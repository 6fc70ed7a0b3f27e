/**
 * An event's settings (`/manage/events/:eventId`): the form filled from `GET /events/{EventID}`,
 * saved with `PUT /events/{EventID}` (only the form's fields). Below it, for customer and master
 * admins, deleting the event.
 */
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { notify } from "@/features/notifications";
import { consolePaths } from "@/lib/console-paths";
import { errorMessageKey } from "@/lib/errors";
import { isLanguage } from "@/lib/locale";
import { eventQuery, mayDeleteQuery, useUpdateEvent, type ManagedEvent } from "./api";
import { DeleteEventDialog } from "./DeleteEventDialog";
import { EventForm } from "./EventForm";
import type { EventFormValues } from "./schema";
import { utcToZonedLocal } from "./time";

export function settingsDefaults(event: ManagedEvent): EventFormValues {
  return {
    CustomerID: event.CustomerID,
    Title: event.Title,
    InternalName: event.InternalName,
    TimeZone: event.TimeZone,
    DateBegin: utcToZonedLocal(event.DateBeginUTC, event.TimeZone),
    DateEnd: utcToZonedLocal(event.DateEndUTC, event.TimeZone),
    DefaultLanguage: isLanguage(event.DefaultLanguage) ? event.DefaultLanguage : "en",
    IsListed: event.IsListed,
    IsUseIsolation: event.IsUseIsolation,
    ChatRetentionDays: event.ChatRetentionDays ? String(event.ChatRetentionDays) : "",
    Isolations: (event.Isolations ?? []).map((value) => ({ value: String(value) })),
  };
}

export function EventSettingsPage({ eventId }: { eventId: string }) {
  const { t } = useTranslation("console");
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery(eventQuery(eventId));
  const mayDelete = useQuery(mayDeleteQuery(eventId));
  const update = useUpdateEvent(eventId);
  const [deleting, setDeleting] = useState(false);
  const event = query.data;
  const defaults = useMemo(() => (event ? settingsDefaults(event) : null), [event]);

  return (
    <>
      <h2>{t("eventForm.settingsTitle")}</h2>
      {query.isPending ? (
        <p role="status">{t("loading")}</p>
      ) : query.isError || !event || !defaults ? (
        <p role="alert">{tc(errorMessageKey(query.error))}</p>
      ) : (
        <EventForm
          mode="edit"
          event={event}
          defaultValues={defaults}
          save={(body) => update.mutateAsync(body)}
          onSaved={() => {
            notify("success", t("eventForm.saved"));
          }}
        />
      )}
      {event && mayDelete.data === true ? (
        <section className="console-danger" aria-labelledby="delete-event-title">
          <h2 id="delete-event-title">{t("eventForm.deleteTitle")}</h2>
          <p>{t("eventForm.deleteBody")}</p>
          <button type="button" className="button button--danger" onClick={() => setDeleting(true)}>
            {t("deleteDialog.confirm")}
          </button>
        </section>
      ) : null}
      {deleting && event ? (
        <DeleteEventDialog
          event={event}
          onClose={() => setDeleting(false)}
          onDeleted={() => void navigate(consolePaths.events, { replace: true })}
        />
      ) : null}
    </>
  );
}
