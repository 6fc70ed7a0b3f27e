/**
 * Web-element images: the image web elements of the venue's tour (`{PanoURL}tour.json`), each with
 * what attendees see there now, worked out by the attendee app's own rules (features/variables:
 * a Marketplace or event variable `Var_<x>_Screen_NN` over `PanoCustomVars.WebElements[key]` over
 * the tour's default), and an upload (`POST /events/{EventID}/webelement-image/{key}`) with
 * progress and Cancel. Keys that have an image but are not in the tour are listed after it, and
 * any key can be given by hand (an event without a tour, or a tour that cannot be read). An
 * upload can be taken off again (`DELETE …/webelement-image/{key}`, after asking).
 */
import { useId, useRef, useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Field } from "@/components/Field";
import { UploadProgressBar } from "@/components/UploadProgressBar";
import { notify } from "@/features/notifications";
import { customWebElements, safeContentURL, splitMarketplace, toVarMap, webElementContent } from "@/features/variables";
import type { UploadProgress } from "@/lib/api-client";
import { errorMessageKey } from "@/lib/errors";
import { formatBytes } from "@/lib/format-bytes";
import { useSubmitLock } from "@/lib/use-submit-lock";
import { imageSource, useTourImageElements, type PagesEvent, type SendOptions, type TourImageElement, type WebElementImageAnswer } from "./pages-api";
import { mapPagesError } from "./pages-errors";
import { IMAGE_ACCEPT, imageProblem, MAX_IMAGE_BYTES, webElementKeyProblem } from "./pages-schema";

type Source = "variable" | "organizer" | "default" | "empty" | "none" | "unusable";

export interface WebElementRow {
  key: string;
  rooms: string[];
  inTour: boolean;
  /** The image attendees see, or null (then `source` says why). */
  shown: string | null;
  source: Source;
  /** A variable decides what this element shows, whatever is uploaded. */
  overridden: boolean;
  /** The organizer has uploaded an image for it (which Remove takes off). */
  uploaded: boolean;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** The `Type` each key has in PanoCustomVars.WebElements. */
function customTypes(panoCustomVars: unknown): Map<string, unknown> {
  const elements = isObject(panoCustomVars) ? panoCustomVars.WebElements : undefined;
  return new Map(isObject(elements) ? Object.entries(elements).map(([key, el]) => [key, isObject(el) ? el.Type : undefined]) : []);
}

/** Each image web element and what attendees see there (the venue's rules, VenueRoom.tsx). */
export function webElementRows(event: PagesEvent, tour: readonly TourImageElement[]): WebElementRow[] {
  const panoURL = event.PanoURL ?? "";
  const custom = customWebElements(event.PanoCustomVars);
  const types = customTypes(event.PanoCustomVars);
  const marketplace = isObject(event.PanoEventModulesVars?.Marketplace) ? (event.PanoEventModulesVars.Marketplace as Json).Vars : undefined;
  const { elements: byVariable } = splitMarketplace({ ...toVarMap(marketplace), ...toVarMap(event.PanoEventVars) });
  const inTour = new Set(tour.map((e) => e.key));
  const extra = [...types.entries()]
    .filter(([key, type]) => type === "image" && !inTour.has(key))
    .map(([key]) => ({ key, rooms: [], defaultValue: "" }))
    .sort((a, b) => a.key.localeCompare(b.key));
  return [...tour, ...extra].map((element) => {
    const overridden = byVariable[element.key] !== undefined;
    const content = webElementContent(element.key, element.defaultValue, new Map(), custom[element.key], byVariable[element.key]);
    const uploaded = types.get(element.key) === "image";
    const base = { key: element.key, rooms: element.rooms, inTour: inTour.has(element.key), overridden, uploaded };
    if (content.source === "empty") return { ...base, shown: null, source: "empty" };
    if (content.value === "") return { ...base, shown: null, source: "none" };
    if (!safeContentURL(content.value)) return { ...base, shown: null, source: "unusable" };
    const source: Source = content.source === "default" ? "default" : overridden ? "variable" : "organizer";
    return { ...base, shown: imageSource(panoURL, content.value), source };
  });
}

const sourceKey = {
  variable: "webElements.overridden",
  organizer: "webElements.sourceOrganizer",
  default: "webElements.sourceDefault",
  empty: "webElements.sourceEmpty",
  none: "webElements.sourceNone",
  unusable: "webElements.sourceUnusable",
} as const;

type Upload = (key: string, file: File, options?: SendOptions) => Promise<WebElementImageAnswer>;
type Remove = (key: string) => Promise<void>;

export function PagesWebElements({ event, upload, remove }: { event: PagesEvent; upload: Upload; remove: Remove }) {
  const { t, i18n } = useTranslation("pages");
  const panoURL = event.PanoURL ?? "";
  const tour = useTourImageElements(panoURL);
  const rows = webElementRows(event, tour.data ?? []);
  const list = new Intl.ListFormat(i18n.language, { type: "conjunction" });
  const otherId = useId();

  return (
    <>
      {panoURL === "" ? <p className="muted">{t("webElements.noTour")}</p> : null}
      {panoURL !== "" && tour.isPending ? <p role="status">{t("webElements.loadingTour")}</p> : null}
      {tour.isError ? <p role="alert">{t("webElements.tourFailed")}</p> : null}
      {tour.isSuccess && tour.data.length === 0 ? <p className="muted">{t("webElements.noElements")}</p> : null}
      {rows.length > 0 ? (
        <ul className="pages-elements" aria-label={t("webElements.listLabel")}>
          {rows.map((row) => (
            <li key={row.key} className="pages-element">
              <h4 className="pages-element__key">{row.key}</h4>
              <p className="small muted">{row.inTour ? t("webElements.rooms", { rooms: list.format(row.rooms) }) : t("webElements.notInTour")}</p>
              <p className="pages-element__label small">{t("webElements.attendeesSee")}</p>
              {row.shown ? (
                <img className="pages-thumb" src={row.shown} alt={t("webElements.currentAlt", { key: row.key })} loading="lazy" />
              ) : null}
              <p className={`small${row.source === "variable" ? " notice" : ""}`}>{t(sourceKey[row.source])}</p>
              {row.overridden && row.source !== "variable" ? <p className="small notice">{t("webElements.overridden")}</p> : null}
              <PagesImageUpload fixedKey={row.key} upload={upload} />
              {row.uploaded ? <RemoveUpload webElementKey={row.key} remove={remove} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <section className="pages-element pages-element--other" aria-labelledby={otherId}>
        <h4 id={otherId}>{t("webElements.otherTitle")}</h4>
        <p className="small muted">{t("webElements.otherIntro")}</p>
        <PagesImageUpload upload={upload} />
      </section>
    </>
  );
}

/** One upload: a chosen image (checked before sending) for a given key, or for a key typed in. */
function PagesImageUpload({ fixedKey, upload }: { fixedKey?: string; upload: Upload }) {
  const { t, i18n } = useTranslation("pages");
  const { t: tc } = useTranslation();
  const fileRef = useRef<HTMLInputElement | null>(null);
  const keyRef = useRef<HTMLInputElement | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const running = useRef(false);
  const [typedKey, setTypedKey] = useState("");
  const [keyError, setKeyError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [status, setStatus] = useState("");
  const size = formatBytes(MAX_IMAGE_BYTES, i18n.language);
  const key = fixedKey ?? typedKey.trim();
  const busy = progress !== null;
  const named = (label: string) => (key ? `${label} ${key}` : undefined);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setStatus("");
    const problem = chosen ? imageProblem(chosen) : null;
    setFileError(problem ? t(`validation.${problem}`, { size }) : null);
  };

  const submit = async () => {
    if (running.current) return;
    const keyProblem = fixedKey === undefined ? webElementKeyProblem(key) : null;
    setKeyError(keyProblem ? t(`validation.${keyProblem}`) : null);
    const problem = file ? imageProblem(file) : "fileRequired";
    if (problem) setFileError(t(`validation.${problem}`, { size }));
    if (keyProblem) {
      keyRef.current?.focus();
      return;
    }
    if (problem || !file) {
      fileRef.current?.focus();
      return;
    }
    running.current = true;
    const controller = new AbortController();
    abortRef.current = controller;
    setStatus("");
    setFileError(null);
    setProgress({ loaded: 0, total: file.size });
    try {
      await upload(key, file, { onProgress: setProgress, signal: controller.signal });
      setFile(null);
      if (fileRef.current) fileRef.current.value = "";
      if (fixedKey === undefined) setTypedKey("");
      notify("success", t("webElements.uploaded", { key }));
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") {
        setStatus(t("webElements.cancelled"));
      } else {
        const mapped = mapPagesError(error, ["file"] as const, "file");
        const text = tc(mapped.message);
        if (mapped.fields.length > 0) {
          const detail = mapped.maxBytes ? ` ${t("sizeLimit", { size: formatBytes(mapped.maxBytes, i18n.language) })}` : "";
          const types = mapped.message === "errors.fileType" ? ` ${t("acceptedTypes")}` : "";
          setFileError(`${text}${detail}${types}`);
        } else {
          setFileError(t("webElements.notUploaded", { reason: text }));
        }
      }
    } finally {
      running.current = false;
      abortRef.current = null;
      setProgress(null);
    }
  };

  return (
    <form
      className="pages-upload"
      noValidate
      aria-busy={busy}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {fixedKey === undefined ? (
        <Field
          ref={keyRef}
          label={t("webElements.key")}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          hint={t("webElements.keyHint")}
          error={keyError ?? undefined}
          value={typedKey}
          onChange={(e) => {
            setTypedKey(e.target.value);
            setKeyError(null);
          }}
        />
      ) : null}
      <Field
        ref={fileRef}
        type="file"
        accept={IMAGE_ACCEPT}
        label={fixedKey === undefined ? t("page.imageFile") : t("webElements.fileLabel", { key: fixedKey })}
        hint={t("webElements.fileHint", { size })}
        error={fileError ?? undefined}
        onChange={onFile}
      />
      {progress ? <UploadProgressBar progress={progress} /> : null}
      <p className="small" role="status">
        {status}
      </p>
      <div className="pages-actions">
        {/* Named with the key, since every card has these buttons; the visible word comes first
            (axe label-content-name-mismatch). */}
        <button type="submit" className="button" aria-disabled={busy || undefined} aria-label={named(t("webElements.upload"))}>
          {t("webElements.upload")}
        </button>
        {busy ? (
          <button type="button" className="button button--secondary" aria-label={named(t("webElements.cancel"))} onClick={() => abortRef.current?.abort()}>
            {t("webElements.cancel")}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** Takes the organizer's upload off a web element, after asking: attendees get the tour's image. */
function RemoveUpload({ webElementKey, remove }: { webElementKey: string; remove: Remove }) {
  const { t } = useTranslation("pages");
  const { t: tc } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useSubmitLock();
  const confirm = () =>
    run(async () => {
      setError(null);
      try {
        await remove(webElementKey);
        setAsking(false);
        notify("success", t("webElements.removed", { key: webElementKey }));
      } catch (failure) {
        setError(t("webElements.notRemoved", { reason: tc(errorMessageKey(failure)) }));
      }
    });
  return (
    <>
      {/* Named with the key like the upload buttons, the visible words first. */}
      <button type="button" className="button button--secondary" aria-label={`${t("webElements.remove")} ${webElementKey}`} onClick={() => setAsking(true)}>
        {t("webElements.remove")}
      </button>
      {asking ? (
        <ConfirmDialog
          title={t("webElements.removeTitle", { key: webElementKey })}
          body={t("webElements.removeBody")}
          confirmLabel={t("webElements.remove")}
          busyLabel={t("webElements.removing")}
          cancelLabel={t("webElements.cancel")}
          busy={busy}
          error={error}
          onConfirm={() => void confirm()}
          onCancel={() => {
            setAsking(false);
            setError(null);
          }}
        />
      ) : null}
    </>
  );
}
