/**
 * Adding or editing a session, in a dialog over the schedule: title, internal name, description,
 * begin and end in the event's zone, the screen (chosen from the tour's, never typed), the stream
 * (SessionStreamFields) and the speakers (SessionSpeakersField). The form checks everything before
 * sending (session-schema.ts), once however often it is submitted; a refusal puts the message
 * beside the field it names and keeps what was typed. The session is saved first, then its
 * speaker links; if a link fails, the dialog stays open on the saved session (a second submit
 * updates it instead of creating another).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo, useRef, useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "@/components/CheckboxField";
import { DialogActions } from "@/components/DialogActions";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { Modal } from "@/components/Modal";
import { SelectField } from "@/components/SelectField";
import { TextareaField } from "@/components/TextareaField";
import { notify } from "@/features/notifications";
import { ApiError } from "@/lib/api-client";
import { errorMessageKey, type ErrorMessageKey } from "@/lib/errors";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import type { Relation, ScheduleEvent, SessionActivity, SpeakerActivity, VideoChoices } from "./api";
import { utcToZonedLocal, zonedLocalToEpoch } from "./event-time";
import { useScheduleT } from "./schedule-i18n";
import { collisions, timeRange } from "./schedule-model";
import { mapSessionError } from "./session-errors";
import { isSessionValidationKey, sessionFormSchema, sessionValues, toSessionBody, type SessionFormValues } from "./session-schema";
import { SessionSpeakersField } from "./SessionSpeakersField";
import { SessionStreamFields } from "./SessionStreamFields";
import { speakerName } from "./speakers-model";
import { screenLabel, type ScreensState } from "./tour-screens";
import { speakerRelationsOf, type ScheduleWrites } from "./writes";

export interface SessionDialogProps {
  event: ScheduleEvent;
  /** The session to edit, or null for a new one. */
  session: SessionActivity | null;
  sessions: SessionActivity[];
  speakers: SpeakerActivity[];
  links: Relation[];
  screens: ScreensState;
  videos: VideoChoices;
  writes: ScheduleWrites;
  onClose: () => void;
}

/** A first internal name from the title: lower case, letters and digits joined by dashes. */
export function nameFromTitle(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 200);
}

export function SessionDialog({ event, session, sessions, speakers, links, screens, videos, writes, onClose }: SessionDialogProps) {
  const t = useScheduleT();
  const { t: tc } = useTranslation();
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, run } = useSubmitLock();
  const [formError, setFormError] = useState<string | null>(null);
  // The stored session: the one edited, or the one a first submit created.
  const [current, setCurrent] = useState<SessionActivity | null>(session);
  const timeZone = event.TimeZone || "UTC";
  const screenChoices = useMemo(() => (screens.status === "ready" ? screens.screens : []), [screens]);
  const storedScreen = session?.ScreenID ?? "";

  const resolver = useMemo(
    () =>
      zodResolver(
        sessionFormSchema({
          timeZone,
          screens: screens.status === "ready" ? new Set(screenChoices.map((s) => s.screenID)) : null,
          storedScreen,
          videos: videos.status === "ready" ? new Set(videos.videos.map((v) => v.ID)) : null,
          speakers: new Set(speakers.map((s) => s.ID)),
        }),
      ),
    [timeZone, screens.status, screenChoices, storedScreen, videos, speakers],
  );
  const form = useForm<SessionFormValues>({
    resolver,
    mode: "onTouched",
    defaultValues: sessionValues(
      session,
      timeZone,
      session ? speakerRelationsOf(links, session.ID).map((r) => r.ChildID) : [],
      // A new session begins when the event does, in its zone.
      event.DateBeginUTC ? utcToZonedLocal(event.DateBeginUTC, timeZone) : "",
    ),
  });
  const { register, control, handleSubmit, setError, getValues, setValue, formState } = form;
  const errors = formState.errors;

  const message = (value: unknown): string | undefined => {
    if (isSessionValidationKey(value)) return t(`validation.${value}`);
    if (typeof value === "string" && value.startsWith("errors.")) return tc(value as ErrorMessageKey);
    return undefined;
  };

  const [begin, end, screenID, isVirtual] = useWatch({ control, name: ["Begin", "End", "ScreenID", "IsVirtual"] });
  const clashes = collisions(
    { id: current?.ID ?? null, screenID, isVirtual, begin: zonedLocalToEpoch(begin, timeZone) ?? Number.NaN, end: zonedLocalToEpoch(end, timeZone) ?? Number.NaN },
    sessions,
  );

  const onValid = (values: SessionFormValues) =>
    run(async () => {
      setFormError(null);
      const roomOf = (id: string) => screenChoices.find((s) => s.screenID === id)?.nodeID ?? null;
      let saved: SessionActivity;
      try {
        saved = await writes.saveSession(toSessionBody(values, { timeZone, stored: current, roomOf }), current?.ID ?? null);
      } catch (error) {
        const mapped = mapSessionError(error, values.ConferenceType);
        if (mapped.fields.length === 0) {
          setFormError(t("form.notSaved", { reason: message(mapped.message) ?? tc("errors.generic") }));
          return;
        }
        mapped.fields.forEach((field, i) => setError(field, { type: "server", message: mapped.message }, { shouldFocus: i === 0 }));
        return;
      }
      setCurrent(saved);
      const failed = await writes.syncSpeakers(saved.ID, values.SpeakerIDs);
      if (failed.length > 0) {
        const names = failed.map((f) => speakerName(speakers.find((s) => s.ID === f.speakerId) ?? ({ ID: f.speakerId } as SpeakerActivity)));
        const reason = tc(errorMessageKey(failed[0]?.error));
        // The server names a speaker that is not the event's (422, `Data.ChildID`): said at the field.
        if (failed.some((f) => f.error instanceof ApiError && f.error.status === 422)) setError("SpeakerIDs", { type: "server", message: "speakerUnknown" });
        setFormError(t("form.speakersFailed", { names: names.join(", "), reason }));
        return;
      }
      notify("success", t(current ? "form.saved" : "form.created", { title: saved.Title || saved.InternalName }));
      onClose();
    });

  const title = session ? t("form.editTitle", { title: session.Title || session.InternalName }) : t("form.addTitle");
  return (
    <Modal labelledBy={titleId} role="dialog" busy={busy} onCancel={onClose}>
      <h2 id={titleId}>{title}</h2>
      <FormProvider {...form}>
        <form
          ref={formRef}
          className="console-form schedule-form"
          noValidate
          aria-busy={busy}
          onSubmit={(e) => void handleSubmit(onValid, () => focusFirstInvalid(formRef.current))(e)}
        >
          <fieldset>
            <legend>{t("form.general")}</legend>
            <Field
              label={t("form.title")}
              autoComplete="off"
              error={message(errors.Title?.message)}
              {...register("Title", {
                onBlur: () => {
                  if (!session && getValues("InternalName").trim() === "") setValue("InternalName", nameFromTitle(getValues("Title")));
                },
              })}
            />
            <Field label={t("form.internalName")} autoComplete="off" hint={t("form.internalNameHint")} error={message(errors.InternalName?.message)} {...register("InternalName")} />
            <TextareaField label={t("form.description")} rows={4} error={message(errors.Description?.message)} {...register("Description")} />
          </fieldset>

          <fieldset>
            <legend>{t("form.when")}</legend>
            <p className="small muted">{t("form.whenHint", { zone: timeZone })}</p>
            <div className="field-row">
              <Field label={t("form.begin")} type="datetime-local" error={message(errors.Begin?.message)} {...register("Begin", { deps: ["End"] })} />
              <Field label={t("form.end")} type="datetime-local" error={message(errors.End?.message)} {...register("End")} />
            </div>
          </fieldset>

          <fieldset>
            <legend>{t("form.where")}</legend>
            <SelectField
              label={t("form.screen")}
              hint={screens.status === "ready" ? t("form.screenHint") : t(`screens.${screens.status}`)}
              error={message(errors.ScreenID?.message)}
              {...register("ScreenID")}
            >
              <option value="">{t("form.noScreen")}</option>
              {screenChoices.map((choice) => (
                <option key={choice.screenID} value={choice.screenID}>
                  {screenLabel(choice)}
                </option>
              ))}
              {storedScreen && !screenChoices.some((s) => s.screenID === storedScreen) ? (
                <option value={storedScreen}>{t(screens.status === "ready" ? "form.screenMissing" : "form.screenKept", { screen: storedScreen })}</option>
              ) : null}
            </SelectField>
            <CheckboxField label={t("form.isVirtual")} {...register("IsVirtual")} />
            <CheckboxField label={t("form.noAutoPlay")} {...register("NoAvtoPlay")} />
            {clashes.length > 0 ? (
              <p className="schedule-collision" role="status" data-testid="session-collision">
                {t("form.collision", {
                  sessions: clashes
                    .map((s) => {
                      const r = timeRange(s, timeZone);
                      return t("form.collisionItem", { title: s.Title || s.InternalName, begin: r.begin, end: r.end });
                    })
                    .join("; "),
                })}
              </p>
            ) : null}
          </fieldset>

          <SessionStreamFields eventId={event.ID} stored={current} videos={videos} writes={writes} onStored={setCurrent} message={message} />

          <SessionSpeakersField eventId={event.ID} speakers={speakers} error={message(errors.SpeakerIDs?.message)} />

          <FormError message={formError} />
          <DialogActions
            cancelLabel={t("cancel")}
            onCancel={onClose}
            confirmLabel={t("form.save")}
            busyLabel={t("form.saving")}
            busy={busy}
            keepFocusWhileBusy
          />
        </form>
      </FormProvider>
    </Modal>
  );
}
