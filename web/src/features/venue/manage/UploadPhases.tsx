/**
 * The two phases of a tour upload, each with its own bar: the bytes going up (XMLHttpRequest upload
 * progress) and then the server's processing (the realtime frames: check, images, store, each with
 * Done/Total). Without frames (no socket) the second bar waits without a value until the answer
 * comes. The texts are not a live region: the upload form announces phase changes, not every
 * percent.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { UploadProgress } from "@/lib/api-client";
import { formatBytes, formatPercent } from "./format";
import { SERVER_STEPS, type ServerProgress } from "./upload-frames";

export interface UploadState {
  sent: UploadProgress;
  /** The latest processing frame, null before the first. */
  server: ServerProgress | null;
}

/** All bytes are out: the server has the file (it answers only after processing it). */
export const allSent = (sent: UploadProgress): boolean => sent.total !== null && sent.loaded >= sent.total;

export function UploadPhases({ state }: { state: UploadState }) {
  const { t, i18n } = useTranslation("tours");
  const sendId = useId();
  const serverId = useId();
  const { sent, server } = state;
  const share = sent.total ? sent.loaded / sent.total : null;
  const sentText =
    share === null
      ? t("upload.sendingUnknown")
      : t("upload.sending", {
          percent: formatPercent(share, i18n.language),
          loaded: formatBytes(sent.loaded, i18n.language),
          total: formatBytes(sent.total ?? 0, i18n.language),
        });
  const sending = !allSent(sent);

  let serverText: string;
  if (server) {
    serverText = t("upload.step", {
      n: SERVER_STEPS.indexOf(server.step) + 1,
      all: SERVER_STEPS.length,
      what: t(`upload.steps.${server.step}`, { done: server.done, total: server.total }),
    });
  } else {
    serverText = sending ? t("upload.serverLater") : t("upload.serverWaiting");
  }

  return (
    <ol className="tours-phases" data-testid="upload-phases">
      <li className="tours-phase" data-phase="send" data-active={sending}>
        <span id={sendId}>{t("upload.phaseSend", { status: sentText })}</span>
        {share === null ? <progress aria-labelledby={sendId} /> : <progress aria-labelledby={sendId} value={Math.round(share * 100)} max={100} />}
      </li>
      <li className="tours-phase" data-phase="server" data-active={!sending}>
        <span id={serverId}>{t("upload.phaseServer", { status: serverText })}</span>
        {server && server.total > 0 ? (
          <progress aria-labelledby={serverId} value={server.done} max={server.total} />
        ) : sending ? (
          <progress aria-labelledby={serverId} value={0} max={100} />
        ) : (
          <progress aria-labelledby={serverId} />
        )}
      </li>
    </ol>
  );
}
