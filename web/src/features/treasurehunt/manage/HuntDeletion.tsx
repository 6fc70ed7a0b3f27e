/**
 * Deleting a hunt after asking (the shared `ConfirmDialog`). The server's hook takes the hunt's
 * items, finds and scores along; the list of hunts is read again, and the panels of a deleted
 * hunt close with it. A hunt already gone (another organizer deleted it) counts as deleted.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { notify } from "@/features/notifications";
import { errorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import type { Hunt, HuntKeys } from "../api";
import { isGone } from "../errors";
import { deleteHunt } from "./api";
import { useManageT } from "./i18n";

interface Props {
  eventId: string;
  hunt: Hunt;
  keys: HuntKeys;
  /** `true` once the hunt is gone. */
  onClose: (deleted: boolean) => void;
}

export function HuntDeletion({ eventId, hunt, keys, onClose }: Props) {
  const t = useManageT();
  const { t: shared } = useTranslation();
  const client = useQueryClient();
  const removal = useSubmitLock();
  const [error, setError] = useState<string | null>(null);

  const confirm = () =>
    void removal.run(async () => {
      setError(null);
      try {
        await deleteHunt(eventId, hunt.ID);
      } catch (refusal) {
        if (!isGone(refusal)) {
          setError(shared(errorMessageKey(refusal)));
          return;
        }
      }
      notify("success", t("huntDelete.done", { hunt: hunt.Title }));
      await client.invalidateQueries({ queryKey: keys.hunts });
      onClose(true);
    });

  return (
    <ConfirmDialog
      title={t("huntDelete.title", { hunt: hunt.Title })}
      body={t("huntDelete.body")}
      confirmLabel={t("huntDelete.confirm")}
      busyLabel={t("huntDelete.busy")}
      cancelLabel={t("cancel")}
      busy={removal.busy}
      error={error}
      onConfirm={confirm}
      onCancel={() => onClose(false)}
    />
  );
}
