/**
 * A tour's versions, newest first: when and by whom each was uploaded, its size, which events use
 * it (`GET …/usage`, one call per version shown), and the actions: use it for this event, preview
 * it, delete it. Deleting asks first and is offered only for versions no event uses; the server
 * refuses a used one all the same (409 naming the events), which the dialog then says.
 */
import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { FormError } from "@/components/FormError";
import { notify } from "@/features/notifications";
import { ApiError } from "@/lib/api-client";
import { errorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { usageQuery, type Pano, type PanoUsage, type PanoVersion, type TourEvent, type TourWrites } from "./api";
import { formatBytes, formatDateTime } from "./format";

interface Props {
  pano: Pano;
  event: TourEvent;
  previewed: number | null;
  onPreview: (version: number) => void;
  writes: Pick<TourWrites, "deleteVersion" | "chooseForEvent">;
  /** After a deletion the row is gone: the focus goes to the list's heading. */
  onDeleted: () => void;
}

export function VersionsList({ pano, event, previewed, onPreview, writes, onDeleted }: Props) {
  const { t } = useTranslation("tours");
  const versions = [...pano.Versions].sort((a, b) => b.Version - a.Version);
  if (versions.length === 0) return <p className="tours-empty">{t("versions.none")}</p>;
  return (
    <ul className="tours-versions">
      {versions.map((version) => (
        <VersionItem
          key={version.Version}
          pano={pano}
          version={version}
          current={event.PanoID === pano.ID && event.PanoVersion === version.Version}
          previewed={previewed === version.Version}
          onPreview={() => onPreview(version.Version)}
          writes={writes}
          onDeleted={onDeleted}
        />
      ))}
    </ul>
  );
}

interface ItemProps {
  pano: Pano;
  version: PanoVersion;
  current: boolean;
  previewed: boolean;
  onPreview: () => void;
  writes: Props["writes"];
  onDeleted: () => void;
}

function VersionItem({ pano, version, current, previewed, onPreview, writes, onDeleted }: ItemProps) {
  const { t, i18n } = useTranslation("tours");
  const { t: tc } = useTranslation();
  const usage = useQuery(usageQuery(pano.ID, version.Version));
  const choosing = useSubmitLock();
  const [chooseError, setChooseError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const number = version.Version;
  const used = usage.data !== undefined && usage.data.length > 0;
  const noteId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Every row has these buttons: each is named with its version, the visible word first (axe
  // label-content-name-mismatch).
  const named = (label: string) => `${label} ${t("versions.title", { version: number })}`;

  const choose = () =>
    choosing.run(async () => {
      setChooseError(null);
      try {
        await writes.chooseForEvent(pano.ID, number);
        notify("success", t("versions.chosen", { version: number, name: pano.Name }));
        // The button is gone now that this is the event's version: the focus stays in the row.
        headingRef.current?.focus();
      } catch (failure) {
        setChooseError(t("versions.notChosen", { reason: tc(errorMessageKey(failure)) }));
      }
    });

  return (
    <li className="tours-version" data-version={number} aria-current={current || undefined}>
      <h4 ref={headingRef} tabIndex={-1}>
        {t("versions.title", { version: number })}
        {version.Title ? <span className="tours-version__title">{` · ${version.Title}`}</span> : null}
      </h4>
      {current ? <p className="tours-badge">{t("versions.current")}</p> : null}
      <dl className="tours-facts">
        <dt>{t("versions.uploaded")}</dt>
        <dd>{formatDateTime(version.CreatedAt)}</dd>
        <dt>{t("versions.by")}</dt>
        <dd>{version.UploadedByName || t("versions.byUnknown")}</dd>
        <dt>{t("versions.size")}</dt>
        <dd>{version.SizeBytes > 0 ? formatBytes(version.SizeBytes, i18n.language) : t("versions.sizeUnknown")}</dd>
        <dt>{t("versions.rooms")}</dt>
        <dd>{version.NodeCount}</dd>
        <dt>{t("versions.usage")}</dt>
        <dd>
          <UsageText usage={usage.data} failed={usage.isError} />
        </dd>
      </dl>
      <FormError message={chooseError} />
      <div className="tours-actions">
        {current ? null : (
          <button type="button" className="button" aria-disabled={choosing.busy || undefined} aria-label={named(choosing.busy ? t("versions.choosing") : t("versions.choose"))} onClick={() => void choose()}>
            {choosing.busy ? t("versions.choosing") : t("versions.choose")}
          </button>
        )}
        <button type="button" className="button button--secondary" aria-pressed={previewed} aria-label={named(t("versions.preview"))} onClick={onPreview}>
          {t("versions.preview")}
        </button>
        {/* Kept (aria-disabled) while events use the version, so the focus has a place to
            return to after a refused deletion, and the reason is read with the button. */}
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={used || undefined}
          aria-describedby={used ? noteId : undefined}
          aria-label={named(t("versions.delete"))}
          onClick={() => {
            if (!used) setAsking(true);
          }}
        >
          {t("versions.delete")}
        </button>
      </div>
      {used ? (
        <p id={noteId} className="small muted">
          {t("versions.cannotDelete")}
        </p>
      ) : null}
      {asking ? (
        <DeleteVersionDialog
          pano={pano}
          version={number}
          usage={usage.data}
          deleteVersion={writes.deleteVersion}
          onRefused={async () => (await usage.refetch()).data}
          onClose={(deleted) => {
            setAsking(false);
            if (deleted) onDeleted();
          }}
        />
      ) : null}
    </li>
  );
}

function UsageText({ usage, failed }: { usage: PanoUsage[] | undefined; failed: boolean }) {
  const { t, i18n } = useTranslation("tours");
  if (failed) return <>{t("versions.usageFailed")}</>;
  if (!usage) return <>{t("versions.usageLoading")}</>;
  if (usage.length === 0) return <>{t("versions.unused")}</>;
  const titles = new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(usage.map((u) => u.Title || u.InternalName));
  return <>{t("versions.usedBy", { events: titles })}</>;
}

interface DialogProps {
  pano: Pano;
  version: number;
  usage: PanoUsage[] | undefined;
  deleteVersion: TourWrites["deleteVersion"];
  /** The server said events use it: the row reads again which, for the message and its button. */
  onRefused: () => Promise<PanoUsage[] | undefined>;
  onClose: (deleted: boolean) => void;
}

function DeleteVersionDialog({ pano, version, usage, deleteVersion, onRefused, onClose }: DialogProps) {
  const { t, i18n } = useTranslation("tours");
  const { t: tc } = useTranslation();
  const { busy, run } = useSubmitLock();
  const [error, setError] = useState<string | null>(null);
  // The row is gone after a deletion: the screen moves the focus, not the dialog.
  const [keepFocus] = useState(() => ({ current: false }));

  const confirm = () =>
    run(async () => {
      setError(null);
      try {
        await deleteVersion(pano.ID, version);
        notify("success", t("versions.deleted", { version, name: pano.Name }));
        keepFocus.current = true;
        onClose(true);
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 409) {
          const ids = (failure.data as { EventIDs?: unknown } | null)?.EventIDs;
          const known = (await onRefused().catch(() => undefined)) ?? usage ?? [];
          const names = Array.isArray(ids) ? ids.map((id) => known.find((u) => u.EventID === id)?.Title || String(id)) : [];
          const list = new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(names);
          setError(names.length > 0 ? t("versions.stillUsedBy", { events: list }) : t("versions.stillUsed"));
        } else {
          setError(t("versions.notDeleted", { reason: tc(errorMessageKey(failure)) }));
        }
      }
    });

  return (
    <ConfirmDialog
      title={t("versions.deleteTitle", { version, name: pano.Name })}
      body={t("versions.deleteBody")}
      confirmLabel={t("versions.delete")}
      busyLabel={t("versions.deleting")}
      cancelLabel={t("cancel")}
      busy={busy}
      error={error}
      keepFocus={keepFocus}
      onConfirm={() => void confirm()}
      onCancel={() => onClose(false)}
    />
  );
}
