/**
 * Changing the roles of an existing right: the four checkboxes filled from the grant, then
 * `PUT /admins/{AdminID} {Roles}` (only the roles: the right's scope stays). No role ticked is
 * full rights. Roles stored before roles meant anything (free text the server now refuses) are
 * named below the boxes: saving leaves them out. Editing one's own
 * right says that leaving out People removes the rights to change admins. A refusal stays in the
 * dialog with the server's message; Escape or Cancel closes it unchanged.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DialogActions } from "@/components/DialogActions";
import { FormError } from "@/components/FormError";
import { Modal } from "@/components/Modal";
import { isAdminRole, knownRoles } from "@/lib/admin-roles";
import { errorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { isStatus, updateAdminRoles, type AdminListItem } from "./api";
import { displayName } from "./AdminGroup";
import { RolesFieldset } from "./RolesFieldset";
import { rolesSchema, type RolesValues } from "./schema";

export interface EditRolesTarget {
  admin: AdminListItem;
  isSelf: boolean;
}

export function EditRolesDialog({
  target,
  customerName,
  onClose,
  onSaved,
}: {
  target: EditRolesTarget;
  customerName: string;
  onClose: () => void;
  onSaved: (roles: string[]) => void;
}) {
  const { t } = useTranslation("admins");
  const { t: tc } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const { busy, run } = useSubmitLock();
  const [error, setError] = useState<string | null>(null);
  const { admin, isSelf } = target;
  const name = displayName(admin);
  const unknown = (admin.Roles ?? []).filter((role) => !isAdminRole(role));
  const { register, handleSubmit } = useForm<RolesValues>({
    resolver: zodResolver(rolesSchema),
    defaultValues: { roles: knownRoles(admin.Roles) },
  });

  const onValid = (values: RolesValues) =>
    run(async () => {
      setError(null);
      try {
        const saved = await updateAdminRoles(admin.AdminID, knownRoles(values.roles));
        onSaved(saved.Roles ?? values.roles);
      } catch (failure) {
        const why = isStatus(failure, 403) ? t("forbidden", { customer: customerName }) : tc(errorMessageKey(failure));
        setError(`${t("editDialog.failed")} ${why}`);
      }
    });

  return (
    <Modal role="dialog" labelledBy={titleId} describedBy={bodyId} busy={busy} onCancel={onClose}>
      <h2 id={titleId}>{t("editDialog.title", { name })}</h2>
      <form noValidate aria-busy={busy} onSubmit={(e) => void handleSubmit(onValid)(e)}>
        <div id={bodyId}>
          <p>{t(admin.AdminType === "Customer" ? "editDialog.bodyCustomer" : "editDialog.bodyEvent", { name, email: admin.LoginEMail, customer: customerName })}</p>
          {isSelf ? <p className="notice">{t("editDialog.selfNote")}</p> : null}
        </div>
        <RolesFieldset registration={register("roles")} />
        {unknown.length > 0 ? <p className="muted small">{t("editDialog.unknownRoles", { roles: unknown.join(", ") })}</p> : null}
        <FormError message={error} />
        <DialogActions
          cancelLabel={t("editDialog.cancel")}
          onCancel={onClose}
          confirmLabel={t("editDialog.save")}
          busyLabel={t("editDialog.saving")}
          busy={busy}
        />
      </form>
    </Modal>
  );
}
