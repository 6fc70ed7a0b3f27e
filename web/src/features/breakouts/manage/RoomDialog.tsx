/**
 * Creating or editing a room, in a dialog (the shared `Modal`: focus kept inside, Escape, focus
 * given back): name, topic, seats, optional opening times in the event's zone, and how people
 * meet. Saving validates first (room-schema.ts), sends once however often it is submitted, and
 * keeps what was typed when refused, with the server's reason beside the field it names. A Zoom
 * meeting that could not be made is said after the save (the room itself is stored).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DialogActions } from "@/components/DialogActions";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { Modal } from "@/components/Modal";
import { SelectField } from "@/components/SelectField";
import { TextareaField } from "@/components/TextareaField";
import { notify } from "@/features/notifications";
import { errorMessageKey } from "@/lib/errors";
import { focusFirstInvalid, useSubmitLock } from "@/lib/use-submit-lock";
import { CALL_NEEDS_URL, CALL_TYPES, type BreakoutRoom } from "./api";
import { useBreakoutsManageT } from "./breakouts-manage-i18n";
import { roomErrorFields } from "./room-errors";
import { hasZoomMeeting, isRoomValidationKey, MAX_CAPACITY, MAX_TITLE, MAX_TOPIC, roomFormSchema, roomValues, type RoomFormValues } from "./room-schema";
import type { RoomWrites } from "./room-writes";

export interface RoomDialogProps {
  /** The room to edit, or null for a new one. */
  room: BreakoutRoom | null;
  timeZone: string;
  writes: RoomWrites;
  onClose: () => void;
}

const LIMITS = { titleTooLong: MAX_TITLE, topicTooLong: MAX_TOPIC, capacityRange: MAX_CAPACITY } as const;

export function RoomDialog({ room, timeZone, writes, onClose }: RoomDialogProps) {
  const t = useBreakoutsManageT();
  const { t: tc } = useTranslation();
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, run } = useSubmitLock();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => roomFormSchema(timeZone), [timeZone]);
  const form = useForm<RoomFormValues>({ resolver: zodResolver(schema), mode: "onTouched", defaultValues: roomValues(room, timeZone) });
  const { register, handleSubmit, setError, formState, control } = form;
  const errors = formState.errors;
  const callType = useWatch({ control, name: "ConferenceType" });

  const message = (value: unknown): string | undefined => {
    if (isRoomValidationKey(value)) return t(`validation.${value}`, { max: value in LIMITS ? LIMITS[value as keyof typeof LIMITS] : 0 });
    return typeof value === "string" && value !== "" ? value : undefined;
  };

  const onValid = (values: RoomFormValues) =>
    run(async () => {
      setFormError(null);
      try {
        const { room: saved, zoomError } = await writes.save(values, room);
        if (zoomError) notify("error", t("form.zoomFailed", { room: saved.Title, reason: tc(errorMessageKey(zoomError)) }));
        else notify("success", t(room ? "form.saved" : "form.created", { room: saved.Title }));
        onClose();
      } catch (error) {
        const reason = tc(errorMessageKey(error));
        const fields = roomErrorFields(error);
        if (fields.length === 0) {
          setFormError(t("form.notSaved", { reason }));
          return;
        }
        fields.forEach((field, i) => setError(field, { type: "server", message: reason }, { shouldFocus: i === 0 }));
      }
    });

  return (
    <Modal labelledBy={titleId} role="dialog" busy={busy} onCancel={onClose}>
      <h2 id={titleId}>{room ? t("form.editTitle") : t("form.addTitle")}</h2>
      <form
        ref={formRef}
        className="console-form breakouts-form"
        noValidate
        aria-busy={busy}
        onSubmit={(e) => void handleSubmit(onValid, () => focusFirstInvalid(formRef.current))(e)}
      >
        <Field label={t("form.name")} error={message(errors.Title?.message)} {...register("Title")} />
        <TextareaField label={t("form.topic")} hint={t("form.topicHint")} rows={2} error={message(errors.Topic?.message)} {...register("Topic")} />
        <Field
          label={t("form.capacity")}
          hint={t("form.capacityHint")}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_CAPACITY}
          step={1}
          error={message(errors.Capacity?.message)}
          {...register("Capacity")}
        />
        <fieldset>
          <legend>{t("form.schedule")}</legend>
          <p className="small muted">{t("form.scheduleHint", { zone: timeZone })}</p>
          <div className="breakouts-dates">
            <Field label={t("form.opensAt")} type="datetime-local" error={message(errors.OpensAt?.message)} {...register("OpensAt", { deps: ["ClosesAt"] })} />
            <Field label={t("form.closesAt")} type="datetime-local" error={message(errors.ClosesAt?.message)} {...register("ClosesAt")} />
          </div>
        </fieldset>
        <fieldset>
          <legend>{t("form.call")}</legend>
          <SelectField label={t("form.callType")} {...register("ConferenceType")}>
            {CALL_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`calls.${type}`)}
              </option>
            ))}
          </SelectField>
          {CALL_NEEDS_URL.includes(callType) ? (
            <Field label={t("form.url")} hint={t("form.urlHint")} type="url" inputMode="url" error={message(errors.ConferenceJoinURL?.message)} {...register("ConferenceJoinURL")} />
          ) : null}
          {callType === "Zoom" ? (
            <p className="small muted">{hasZoomMeeting(room) ? t("form.zoomKept", { id: room?.Call?.MeetingID ?? "" }) : t("form.zoomHint")}</p>
          ) : null}
        </fieldset>
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
    </Modal>
  );
}
