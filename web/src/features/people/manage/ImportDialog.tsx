/**
 * "Invite people": pasted addresses or a CSV file (header row with an `email` column) are sent
 * as they are (`POST /events/{E}/invitations`, `Confirm: false`); the server reads them with its
 * own rules. When every row is good they are invited at once. Otherwise nothing is stored and
 * the refusal carries a report per row — line, address, status and why — shown here, the rows
 * that cannot be invited highlighted (and saying so in words); only "Invite the N valid
 * addresses" (`Confirm: true`) then invites the good ones. Focus: the text box on opening, the
 * report's heading once it arrives, and the screen's opener when the dialog closes.
 */
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogActions } from "@/components/DialogActions";
import { FormError } from "@/components/FormError";
import { Modal } from "@/components/Modal";
import { errorMessageKey } from "@/lib/errors";
import { formatBytes } from "@/lib/format-bytes";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { IMPORT_MAX_BYTES, importInvitations, importReport, type ImportRow, type ImportSource, type ImportStatus } from "./api";

const KNOWN_STATUSES: readonly ImportStatus[] = ["ok", "invalid", "duplicate", "already_invited", "already_registered", "missing_header"];
const isKnown = (status: string): status is ImportStatus => (KNOWN_STATUSES as readonly string[]).includes(status);
export const isInvitable = (row: ImportRow) => row.Status === "ok";

export function ImportDialog({ eventId, onClose, onInvited }: { eventId: string; onClose: () => void; onInvited: (count: number) => void }) {
  const { t } = useTranslation("console");
  const { t: tc, i18n } = useTranslation();
  const titleId = useId();
  const introId = useId();
  const textId = useId();
  const fileId = useId();
  const textArea = useRef<HTMLTextAreaElement>(null);
  const reportHeading = useRef<HTMLHeadingElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [report, setReport] = useState<ImportRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const checking = useSubmitLock();
  const inviting = useSubmitLock();
  const busy = checking.busy || inviting.busy;

  const onFile = async (chosen: File | undefined) => {
    setError(null);
    setFile(null);
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_BYTES) {
      setError(t("people.import.fileTooLarge", { size: formatBytes(IMPORT_MAX_BYTES, i18n.language) }));
      return;
    }
    try {
      setFile({ name: chosen.name, text: await chosen.text() });
    } catch {
      setError(t("people.import.fileUnreadable"));
    }
  };

  const clearFile = () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = "";
    textArea.current?.focus();
  };

  // A chosen file wins over the text box (which is disabled meanwhile).
  const source: ImportSource | null = file ? { kind: "csv", text: file.text } : text.trim() ? { kind: "pasted", text } : null;

  const failed = (failure: unknown) => setError(t("people.import.failed", { reason: tc(errorMessageKey(failure)) }));

  const send = () =>
    checking.run(async () => {
      setError(null);
      if (!source) {
        setError(t("people.import.textRequired"));
        textArea.current?.focus();
        return;
      }
      try {
        onInvited((await importInvitations(eventId, source, false)).Invited);
      } catch (failure) {
        const rows = importReport(failure);
        if (!rows) return failed(failure);
        setReport(rows);
        requestAnimationFrame(() => reportHeading.current?.focus());
      }
    });

  const confirm = () =>
    inviting.run(async () => {
      setError(null);
      if (!source) return;
      try {
        onInvited((await importInvitations(eventId, source, true)).Invited);
      } catch (failure) {
        failed(failure);
      }
    });

  const valid = report ? report.filter(isInvitable).length : 0;

  return (
    <Modal role="dialog" labelledBy={titleId} describedBy={introId} initialFocus={textArea} busy={busy} onCancel={onClose}>
      <div className="people-import">
        <h2 id={titleId}>{t("people.import.title")}</h2>
        <p id={introId}>{t("people.import.intro")}</p>
        {report === null ? (
          <form
            noValidate
            aria-busy={busy}
            onSubmit={(e) => {
              e.preventDefault();
              void send();
            }}
          >
            <div className="field">
              <label htmlFor={textId}>{t("people.import.text")}</label>
              <textarea
                ref={textArea}
                id={textId}
                name="addresses"
                rows={8}
                spellCheck={false}
                aria-describedby={`${textId}-hint`}
                value={text}
                disabled={file !== null}
                onChange={(e) => setText(e.target.value)}
              />
              <span id={`${textId}-hint`} className="field__hint">
                {t("people.import.textHint")}
              </span>
            </div>
            <div className="field">
              <label htmlFor={fileId}>{t("people.import.file")}</label>
              <input
                ref={fileInput}
                id={fileId}
                type="file"
                name="file"
                accept=".csv,text/csv,text/plain"
                aria-describedby={`${fileId}-hint`}
                onChange={(e) => void onFile(e.target.files?.[0])}
              />
              <span id={`${fileId}-hint`} className="field__hint">
                {t("people.import.fileHint")}
              </span>
              {file ? (
                <p className="people-import__file">
                  {t("people.import.fileChosen", { name: file.name })}{" "}
                  <button type="button" className="link-button" onClick={clearFile}>
                    {t("people.import.removeFile")}
                  </button>
                </p>
              ) : null}
            </div>
            <FormError message={error} />
            <DialogActions
              cancelLabel={t("people.import.close")}
              onCancel={onClose}
              confirmLabel={checking.busy ? t("people.import.inviting") : t("people.import.send")}
              busy={busy}
            />
          </form>
        ) : (
          <>
            <h3 ref={reportHeading} tabIndex={-1}>
              {t("people.import.reportTitle")}
            </h3>
            <p role="status">{t("people.import.reportSummary", { valid, total: report.length })}</p>
            <ReportTable rows={report} />
            {valid === 0 ? <p>{t("people.import.nothingValid")}</p> : null}
            <FormError message={error} />
            <DialogActions
              cancelLabel={t("people.import.back")}
              onCancel={() => setReport(null)}
              confirmLabel={inviting.busy ? t("people.import.inviting") : t("people.import.confirm", { count: valid })}
              busy={busy}
              onConfirm={() => void confirm()}
              showConfirm={valid > 0}
            />
          </>
        )}
      </div>
    </Modal>
  );
}

function ReportTable({ rows }: { rows: readonly ImportRow[] }) {
  const { t } = useTranslation("console");
  return (
    <div className="people-report" role="region" aria-label={t("people.import.reportTitle")} tabIndex={0}>
      <table className="console-table">
        <thead>
          <tr>
            <th scope="col">{t("people.import.reportColumns.line")}</th>
            <th scope="col">{t("people.import.reportColumns.email")}</th>
            <th scope="col">{t("people.import.reportColumns.status")}</th>
            <th scope="col">{t("people.import.reportColumns.message")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.Line}:${row.Email}`} className={isInvitable(row) ? undefined : "people-report__bad"} data-status={row.Status}>
              <td>{row.Line}</td>
              <td>{row.Email}</td>
              <td>{isKnown(row.Status) ? t(`people.import.statuses.${row.Status}`) : row.Status}</td>
              <td>{row.Message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
