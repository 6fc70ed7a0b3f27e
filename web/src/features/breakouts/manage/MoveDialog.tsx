/**
 * Moving a person to another room: the open rooms with a free seat other than theirs, chosen from
 * a list, then Move. The server checks again (the room may have filled meanwhile); a refusal —
 * full, closed, the person gone from every room — is said in the dialog, which stays open.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogActions } from "@/components/DialogActions";
import { FormError } from "@/components/FormError";
import { Modal } from "@/components/Modal";
import { SelectField } from "@/components/SelectField";
import { notify } from "@/features/notifications";
import { errorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import type { BreakoutRoom } from "./api";
import { useBreakoutsManageT } from "./breakouts-manage-i18n";
import type { RoomWrites } from "./room-writes";

export interface MoveDialogProps {
  person: { id: string; name: string };
  from: BreakoutRoom;
  /** Rooms a person can be put in now (open, a seat left), the person's own left out. */
  targets: BreakoutRoom[];
  writes: RoomWrites;
  onClose: () => void;
}

export function MoveDialog({ person, from, targets, writes, onClose }: MoveDialogProps) {
  const t = useBreakoutsManageT();
  const { t: tc } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const [target, setTarget] = useState(targets[0]?.ID ?? "");
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useSubmitLock();

  const move = () =>
    void run(async () => {
      const to = targets.find((room) => room.ID === target);
      if (!to) return;
      setError(null);
      try {
        await writes.move(to.ID, person.id);
        // The answer is the room moved into; the room left changed too.
        writes.reread();
        notify("success", t("move.done", { name: person.name, room: to.Title }));
        onClose();
      } catch (failure) {
        setError(t("move.failed", { name: person.name, reason: tc(errorMessageKey(failure)) }));
      }
    });

  return (
    <Modal labelledBy={titleId} describedBy={bodyId} role="dialog" busy={busy} onCancel={onClose}>
      <h2 id={titleId}>{t("move.title", { name: person.name })}</h2>
      <p id={bodyId}>{t("move.body", { name: person.name, room: from.Title })}</p>
      {targets.length === 0 ? (
        <p>{t("move.none")}</p>
      ) : (
        <SelectField label={t("move.to")} value={target} onChange={(e) => setTarget(e.target.value)}>
          {targets.map((room) => (
            <option key={room.ID} value={room.ID}>
              {t("move.seatsLeft", { room: room.Title, count: room.SeatsLeft })}
            </option>
          ))}
        </SelectField>
      )}
      <FormError message={error} />
      <DialogActions
        cancelLabel={t("cancel")}
        onCancel={onClose}
        confirmLabel={t("move.confirm")}
        busyLabel={t("move.busy")}
        busy={busy}
        keepFocusWhileBusy
        onConfirm={move}
        showConfirm={targets.length > 0}
      />
    </Modal>
  );
}
