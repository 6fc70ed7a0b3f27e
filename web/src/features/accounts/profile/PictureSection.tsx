/**
 * The profile picture: shown as it is now, replaced by an upload (with progress) or by an image
 * the server fetches from an address, or removed. Each of these takes effect at once through its
 * own route (the picture routes set `PictureURL` themselves), so this part has its own buttons and
 * its own status line apart from the profile form. One picture change runs at a time.
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { UploadProgressBar } from "@/components/UploadProgressBar";
import type { UploadProgress } from "@/lib/api-client";
import { formatBytes } from "@/lib/format-bytes";
import { useSubmitLock } from "@/lib/use-submit-lock";
import type { Person } from "../api/get-person";
import { usePersonStore } from "../person-store";
import { isAbort, pictureFromUrl, pictureProblem, updatePerson, uploadPicture, withPicture, type PictureProblem } from "./api";
import { applyPerson } from "./apply";
import { PICTURE_MAX_BYTES, PICTURE_TYPES, URL_MAX, pictureFileProblem, pictureUrlProblem, type PictureKey } from "./schema";

type Action = "upload" | "url" | "remove";

/** Only addresses an `<img>` can load from this app (the server's `/api/v1/files/…` or http(s)). */
function pictureSource(person: Person): string | null {
  const url = person.ContactInfo?.Business?.PictureURL?.trim() ?? "";
  return /^(\/(?!\/)|https?:\/\/)/i.test(url) ? url : null;
}

const ownProblem = (key: PictureKey): PictureProblem =>
  key === "profile.picture.fileTooLarge" ? { key, maxBytes: PICTURE_MAX_BYTES } : { key };

export function PictureSection({ person, eventID }: { person: Person; eventID: string }) {
  const { t, i18n } = useTranslation();
  const { busy, run } = useSubmitLock();
  const fileInput = useRef<HTMLInputElement>(null);
  const urlInput = useRef<HTMLInputElement>(null);
  const uploads = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState("");
  const [problems, setProblems] = useState<Partial<Record<Action, PictureProblem>>>({});
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [doing, setDoing] = useState<Action | null>(null);
  const [status, setStatus] = useState<"saved" | "removed" | null>(null);
  const source = pictureSource(person);

  // Leaving the screen stops an upload under way rather than finishing it unseen.
  useEffect(() => () => uploads.current?.abort(), []);

  const problemText = (problem: PictureProblem | undefined): string | undefined => {
    if (!problem) return undefined;
    switch (problem.key) {
      case "profile.picture.fileTooLarge":
        return t(problem.key, { size: formatBytes(problem.maxBytes, i18n.language) });
      case "profile.picture.notSaved":
        return t(problem.key, { reason: t(problem.reason) });
      default:
        return t(problem.key);
    }
  };

  /** Runs one picture change; a refusal is kept beside the control that asked for it. */
  const change = (action: Action, work: () => Promise<Person>) =>
    run(async () => {
      setDoing(action);
      setStatus(null);
      setProblems({});
      try {
        applyPerson(await work());
        setStatus(action === "remove" ? "removed" : "saved");
        // The Remove button goes with the picture; the focus goes where a new one is chosen.
        if (action === "remove") fileInput.current?.focus();
      } catch (error) {
        if (isAbort(error)) return;
        setProblems({ [action]: pictureProblem(error, PICTURE_MAX_BYTES) });
        if (action !== "remove") (action === "url" ? urlInput : fileInput).current?.focus();
      } finally {
        setDoing(null);
        setProgress(null);
      }
    });

  /** The store's person with the new picture (the store may have changed while it uploaded). */
  const pictured = (pictureURL: string): Person => withPicture(usePersonStore.getState().person ?? person, pictureURL);

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    setFile(chosen);
    setStatus(null);
    // Size and type are known now: say at once rather than after pressing Upload.
    const key = chosen ? pictureFileProblem(chosen) : null;
    setProblems(key ? { upload: ownProblem(key) } : {});
  };

  const onUpload = (e: FormEvent) => {
    e.preventDefault();
    const key = pictureFileProblem(file);
    if (key || !file) {
      setProblems({ upload: ownProblem(key ?? "profile.picture.chooseFile") });
      fileInput.current?.focus();
      return;
    }
    void change("upload", async () => {
      const controller = new AbortController();
      uploads.current = controller;
      setProgress({ loaded: 0, total: file.size });
      const answer = await uploadPicture(eventID, file, { onProgress: setProgress, signal: controller.signal });
      uploads.current = null;
      // Clear the choice only if it is still the file just sent (another may have been picked).
      setFile((current) => (current === file ? null : current));
      if (fileInput.current?.files?.[0] === file) fileInput.current.value = "";
      return pictured(answer.PictureURL);
    });
  };

  const onUrl = (e: FormEvent) => {
    e.preventDefault();
    const key = pictureUrlProblem(url);
    if (key) {
      setProblems({ url: ownProblem(key) });
      urlInput.current?.focus();
      return;
    }
    void change("url", async () => {
      const answer = await pictureFromUrl(eventID, url.trim());
      setUrl("");
      return pictured(answer.PictureURL);
    });
  };

  const onRemove = () => void change("remove", () => updatePerson(person.ID, { PictureURL: "" }));

  return (
    <fieldset className="profile-picture" aria-busy={busy}>
      <legend>{t("profile.picture.legend")}</legend>
      <div className="profile-picture__current">
        {source ? (
          <img className="profile-picture__image" src={source} alt={t("profile.picture.current")} width={96} height={96} />
        ) : (
          <p className="muted">{t("profile.picture.none")}</p>
        )}
        {source ? (
          <button type="button" className="button button--secondary" disabled={busy} onClick={onRemove}>
            {doing === "remove" ? t("profile.picture.removing") : t("profile.picture.remove")}
          </button>
        ) : null}
      </div>
      <FormError message={problemText(problems.remove) ?? null} />

      <form className="profile-picture__form" noValidate onSubmit={onUpload}>
        <Field
          ref={fileInput}
          type="file"
          name="file"
          accept={PICTURE_TYPES.join(",")}
          label={t("profile.picture.file")}
          hint={t("profile.picture.fileHint", { size: formatBytes(PICTURE_MAX_BYTES, i18n.language) })}
          error={problemText(problems.upload)}
          onChange={onFile}
        />
        {doing === "upload" && progress ? <UploadProgressBar progress={progress} /> : null}
        <button type="submit" className="button" disabled={busy}>
          {doing === "upload" ? t("profile.picture.uploading") : t("profile.picture.upload")}
        </button>
      </form>

      <form className="profile-picture__form" noValidate onSubmit={onUrl}>
        <Field
          ref={urlInput}
          type="url"
          name="pictureUrl"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          autoCapitalize="none"
          maxLength={URL_MAX}
          label={t("profile.picture.url")}
          hint={t("profile.picture.urlHint")}
          error={problemText(problems.url)}
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            setProblems((current) => (current.url ? { ...current, url: undefined } : current));
          }}
        />
        <button type="submit" className="button" disabled={busy}>
          {doing === "url" ? t("profile.picture.fetching") : t("profile.picture.useUrl")}
        </button>
      </form>

      <p className="profile-status" role="status">
        {status === "saved" ? t("profile.picture.saved") : status === "removed" ? t("profile.picture.removed") : null}
      </p>
    </fieldset>
  );
}
