/**
 * What the event and the customer Admins screens do alike around their groups: the live
 * announcer, the remove and edit-roles dialogs, what follows a removal (notice, re-read, the
 * group's heading focused, or back to the events when one removed one's own access) and what
 * follows a roles change. The screens differ only in their groups and in which self-removal
 * leaves the page (`leavesOnSelfRemoval`).
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { notify } from "@/features/notifications";
import { consolePaths } from "@/lib/console-paths";
import { adminKeys, type AdminKind, type AdminListItem } from "./api";
import { displayName } from "./AdminGroup";
import { EditRolesDialog, type EditRolesTarget } from "./EditRolesDialog";
import { RemoveAdminDialog, type RemoveResult, type RemoveTarget } from "./RemoveAdminDialog";

interface Options {
  selfId: string | null;
  customerName: string;
  eventTitle: string;
  /** Whether losing this right of one's own may leave the page out of reach. */
  leavesOnSelfRemoval: (kind: AdminKind) => boolean;
  /** Focus after a removal: the row is gone, so the heading of its group takes it. */
  focusGroup: (kind: AdminKind) => void;
}

export interface AdminActions {
  announce: (text: string) => void;
  startRemove: (admin: AdminListItem, kind: AdminKind) => void;
  startEditRoles: (admin: AdminListItem) => void;
  /** The announcer and the open dialog: placed once in the screen. */
  overlays: ReactNode;
}

export function useAdminActions({ selfId, customerName, eventTitle, leavesOnSelfRemoval, focusGroup }: Options): AdminActions {
  const { t } = useTranslation("admins");
  const client = useQueryClient();
  const navigate = useNavigate();
  const [announcement, setAnnouncement] = useState({ id: 0, text: "" });
  const announce = useCallback((text: string) => setAnnouncement((a) => ({ id: a.id + 1, text })), []);
  const [removing, setRemoving] = useState<RemoveTarget | null>(null);
  const [editing, setEditing] = useState<EditRolesTarget | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ kind: AdminKind; id: number } | null>(null);

  // An effect, so the focus moves after the dialog has closed and returned it.
  useEffect(() => {
    if (focusRequest) focusGroup(focusRequest.kind);
  }, [focusRequest, focusGroup]);

  const onRemoved = (target: RemoveTarget, result: RemoveResult) => {
    setRemoving(null);
    const name = displayName(target.admin);
    if (result === "gone") {
      announce(t("alreadyRemoved", { name }));
    } else if (target.isSelf) {
      notify("success", t("removedSelf"));
      // Every console view re-asks (the shell re-checks the organizer's rights too).
      void client.invalidateQueries({ queryKey: ["manage"] });
      if (leavesOnSelfRemoval(target.kind)) {
        void navigate(consolePaths.events);
        return;
      }
    } else {
      const text = t("removed", { name });
      notify("success", text);
      announce(text);
    }
    void client.invalidateQueries({ queryKey: adminKeys.all });
    setFocusRequest((last) => ({ kind: target.kind, id: (last?.id ?? 0) + 1 }));
  };

  const onRolesSaved = (target: EditRolesTarget) => {
    setEditing(null);
    const text = t("rolesSaved", { name: displayName(target.admin) });
    notify("success", text);
    announce(text);
    // One's own roles decide which sections the console shows: everything asks again.
    void client.invalidateQueries({ queryKey: target.isSelf ? ["manage"] : adminKeys.all });
  };

  const overlays = (
    <>
      {/* Always in the page, so what is put in it is announced. */}
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="admins-announcer">
        <span key={announcement.id}>{announcement.text}</span>
      </div>
      {editing ? (
        <EditRolesDialog target={editing} customerName={customerName} onClose={() => setEditing(null)} onSaved={() => onRolesSaved(editing)} />
      ) : null}
      {removing ? (
        <RemoveAdminDialog
          target={removing}
          eventTitle={eventTitle}
          customerName={customerName}
          onClose={() => setRemoving(null)}
          onDone={(result) => onRemoved(removing, result)}
        />
      ) : null}
    </>
  );

  return {
    announce,
    startRemove: (admin, kind) => setRemoving({ admin, kind, isSelf: admin.PersonID === selfId }),
    startEditRoles: (admin) => setEditing({ admin, isSelf: admin.PersonID === selfId }),
    overlays,
  };
}
