/**
 * Hiding an item or editing one, in a dialog: the room (the tour's nodes), where in it (a click
 * on the room's panorama sets the direction and height; both are fields too, so the keyboard
 * does the same), name, clue and points. Saving validates first, sends once, and keeps what was
 * typed when refused, with the server's reason beside the field it names (an unknown room: 422
 * on `NodeID`). The preview is a lazy chunk: the 360° viewer loads only when a dialog opens.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { lazy, Suspense, useCallback, useId, useRef, useState } from "react";
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
import { createItem, type Hunt, type HuntItem, updateItem } from "../api";
import { refusedFields } from "../errors";
import { useManageT } from "./i18n";
import { angleText, isValidationKey, ITEM_FIELDS, itemSchema, itemValues, type ItemValues, LIMITS, numberOf, toItemBody } from "./schemas";
import type { TourRoom } from "./tour-rooms";

const PlacePreview = lazy(() => import("./PlacePreview"));

interface Props {
  eventId: string;
  panoURL: string;
  hunt: Hunt;
  /** The item to edit, or null for a new one. */
  item: HuntItem | null;
  rooms: TourRoom[];
  onSaved: () => Promise<unknown>;
  onClose: () => void;
}

const LIMIT_VALUES = { max: 0, min: LIMITS.points.min };

export function ItemDialog({ eventId, panoURL, hunt, item, rooms, onSaved, onClose }: Props) {
  const t = useManageT();
  const { t: shared } = useTranslation();
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, run } = useSubmitLock();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, setValue, formState, control } = useForm<ItemValues>({
    resolver: zodResolver(itemSchema),
    mode: "onTouched",
    defaultValues: itemValues(item, rooms[0]?.id ?? ""),
  });
  const errors = formState.errors;
  const [nodeID, yaw, pitch] = useWatch({ control, name: ["NodeID", "Yaw", "Pitch"] });
  const room = rooms.find((r) => r.id === nodeID);

  const message = (value: unknown): string | undefined => {
    if (!isValidationKey(value)) return typeof value === "string" && value !== "" ? value : undefined;
    const max = value === "nameTooLong" ? LIMITS.name : value === "clueTooLong" ? LIMITS.clue : LIMITS.points.max;
    return t(`validation.${value}`, { ...LIMIT_VALUES, max });
  };

  const place = useCallback(
    (position: { yaw: number; pitch: number }) => {
      setValue("Yaw", angleText(position.yaw), { shouldDirty: true, shouldValidate: true });
      setValue("Pitch", angleText(position.pitch), { shouldDirty: true, shouldValidate: true });
    },
    [setValue],
  );
  const goToRoom = useCallback((id: string) => setValue("NodeID", id, { shouldDirty: true }), [setValue]);

  const onValid = (values: ItemValues) =>
    run(async () => {
      setFormError(null);
      try {
        const saved = item ? await updateItem(eventId, hunt.ID, item.ID, toItemBody(values)) : await createItem(eventId, hunt.ID, toItemBody(values));
        await onSaved();
        notify("success", t(item ? "itemForm.saved" : "itemForm.created", { item: saved.Name }));
        onClose();
      } catch (error) {
        const reason = shared(errorMessageKey(error));
        const fields = refusedFields(error, ITEM_FIELDS);
        if (fields.length === 0) setFormError(t("itemForm.notSaved", { reason }));
        else fields.forEach((field, i) => setError(field, { type: "server", message: reason }, { shouldFocus: i === 0 }));
      }
    });

  return (
    <Modal labelledBy={titleId} role="dialog" busy={busy} onCancel={onClose}>
      <h2 id={titleId}>{item ? t("itemForm.editTitle", { item: item.Name }) : t("itemForm.addTitle")}</h2>
      <form ref={formRef} className="console-form hunt-item-form" noValidate aria-busy={busy} onSubmit={(e) => void handleSubmit(onValid, () => focusFirstInvalid(formRef.current))(e)}>
        <SelectField label={t("itemForm.room")} error={message(errors.NodeID?.message)} {...register("NodeID")}>
          {rooms.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </SelectField>
        <fieldset>
          <legend>{t("itemForm.place")}</legend>
          <p className="small muted">{t("itemForm.placeHint")}</p>
          {nodeID ? (
            <Suspense fallback={<p role="status">{t("itemForm.previewLoading")}</p>}>
              <PlacePreview
                panoURL={panoURL}
                nodeID={nodeID}
                place={{ yaw: numberOf(yaw) ?? 0, pitch: numberOf(pitch) ?? 0 }}
                label={t("itemForm.preview", { room: room?.name ?? nodeID })}
                markerLabel={t("itemForm.marker")}
                failedText={t("itemForm.tourFailed")}
                onPlace={place}
                onRoom={goToRoom}
              />
            </Suspense>
          ) : null}
          <div className="hunt-angles">
            <Field label={t("itemForm.yaw")} inputMode="decimal" error={message(errors.Yaw?.message)} {...register("Yaw")} />
            <Field label={t("itemForm.pitch")} inputMode="decimal" error={message(errors.Pitch?.message)} {...register("Pitch")} />
          </div>
        </fieldset>
        <Field label={t("itemForm.name")} error={message(errors.Name?.message)} {...register("Name")} />
        <TextareaField label={t("itemForm.clue")} hint={t("itemForm.clueHint")} rows={2} error={message(errors.Clue?.message)} {...register("Clue")} />
        <Field label={t("itemForm.points")} type="number" inputMode="numeric" min={LIMITS.points.min} max={LIMITS.points.max} step={1} error={message(errors.Points?.message)} {...register("Points")} />
        <FormError message={formError} />
        <DialogActions
          cancelLabel={t("cancel")}
          onCancel={onClose}
          confirmLabel={t("itemForm.save")}
          busyLabel={t("itemForm.saving")}
          busy={busy}
          keepFocusWhileBusy
        />
      </form>
    </Modal>
  );
}
