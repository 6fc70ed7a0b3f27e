/**
 * The organizer's actions on a project — approve, feature / unfeature, reject with a reason,
 * remove — with what follows each: the answer put into every cached tab (the project moves, the
 * counts follow), a sentence for the status line, and for a refusal the reason in words. A project
 * someone else removed (404) is dropped from the lists; one whose state changed meanwhile (409
 * `WALLOFFAME_INVALID_STATE`, e.g. feature a project that was just rejected) is read again.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ApiError } from "@/lib/api-client";
import { approveProject, deleteProject, type Project, rejectProject, setFeatured, type WallKeys } from "../api";
import { applyProject, forgetProject } from "../cache";
import { isGone } from "../errors";
import { useRefusalText, useWallT } from "../i18n";

export type Action = "approve" | "feature" | "unfeature" | "reject" | "remove";

/** The actions offered on a project of each state (reject and remove ask first). */
export function actionsFor(project: Project): Action[] {
  if (project.State === "pending") return ["approve", "reject", "remove"];
  if (project.State === "approved") return [project.Featured ? "unfeature" : "feature", "reject", "remove"];
  return ["approve", "remove"];
}

/** What an action came to: done, refused, or the project was gone (then it left the lists). */
export interface Outcome {
  ok: boolean;
  gone: boolean;
  said: string;
}

export function useModeration(eventID: string, keys: WallKeys) {
  const { t } = useWallT();
  const refusal = useRefusalText();
  const client = useQueryClient();

  return useCallback(
    async (project: Project, action: Action, reason = ""): Promise<Outcome> => {
      try {
        if (action === "remove") {
          await deleteProject(eventID, project.ID);
          forgetProject(client, keys, project.ID);
        } else {
          const answer =
            action === "approve"
              ? await approveProject(eventID, project.ID)
              : action === "reject"
                ? await rejectProject(eventID, project.ID, reason)
                : await setFeatured(eventID, project.ID, action === "feature");
          applyProject(client, keys, answer, "");
        }
        return { ok: true, gone: false, said: t(`manage.done.${action}`, { title: project.Title }) };
      } catch (error) {
        if (isGone(error)) {
          forgetProject(client, keys, project.ID);
          return { ok: false, gone: true, said: t("manage.gone") };
        }
        if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: keys.queues });
        return { ok: false, gone: false, said: t("manage.actionFailed", { reason: refusal(error) }) };
      }
    },
    [client, eventID, keys, refusal, t],
  );
}
