/**
 * Which of the customer's tours the screen works on, and creating a new one (a name; its versions
 * come from uploads). A customer without tours sees the creation form at once.
 */
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/Field";
import { FormError } from "@/components/FormError";
import { SelectField } from "@/components/SelectField";
import { notify } from "@/features/notifications";
import { errorMessageKey } from "@/lib/errors";
import { useSubmitLock } from "@/lib/use-submit-lock";
import type { Pano } from "./api";

/** The server's rule for a pano's name (panoramas/schemas.py `PanoIn.Name`). */
export const MAX_NAME = 200;

interface Props {
  panos: readonly Pano[];
  selectedId: string | null;
  /** The pano the event uses, marked in the list. */
  eventPanoId: string | null;
  onSelect: (panoId: string) => void;
  create: (name: string) => Promise<Pano>;
}

export function PanoPicker({ panos, selectedId, eventPanoId, onSelect, create }: Props) {
  const { t } = useTranslation("tours");
  const [creating, setCreating] = useState(panos.length === 0);
  const selectRef = useRef<HTMLSelectElement>(null);
  const newRef = useRef<HTMLButtonElement>(null);

  return (
    <div className="tours-picker">
      {panos.length > 0 ? (
        <SelectField ref={selectRef} label={t("panos.select")} value={selectedId ?? ""} onChange={(e) => onSelect(e.target.value)}>
          {panos.map((pano) => (
            <option key={pano.ID} value={pano.ID}>
              {t(pano.ID === eventPanoId ? "panos.optionUsed" : "panos.option", { name: pano.Name, count: pano.Versions.length })}
            </option>
          ))}
        </SelectField>
      ) : (
        <p className="tours-empty">{t("panos.none")}</p>
      )}
      {creating ? (
        <CreatePanoForm
          create={create}
          canCancel={panos.length > 0}
          onDone={(pano) => {
            setCreating(false);
            if (pano) onSelect(pano.ID);
            // The form is gone: the focus goes where the organizer continues.
            requestAnimationFrame(() => (pano ? selectRef.current : newRef.current)?.focus());
          }}
        />
      ) : (
        <button ref={newRef} type="button" className="button button--secondary" onClick={() => setCreating(true)}>
          {t("panos.new")}
        </button>
      )}
    </div>
  );
}

function CreatePanoForm({ create, canCancel, onDone }: { create: (name: string) => Promise<Pano>; canCancel: boolean; onDone: (pano: Pano | null) => void }) {
  const { t } = useTranslation("tours");
  const { t: tc } = useTranslation();
  const headingId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useSubmitLock();

  const submit = () =>
    run(async () => {
      const trimmed = name.trim();
      const problem = trimmed === "" ? t("panos.nameRequired") : trimmed.length > MAX_NAME ? t("panos.nameTooLong", { max: MAX_NAME }) : null;
      setNameError(problem);
      if (problem) {
        nameRef.current?.focus();
        return;
      }
      setError(null);
      try {
        const pano = await create(trimmed);
        notify("success", t("panos.created", { name: pano.Name }));
        onDone(pano);
      } catch (failure) {
        // The typed name stays for another try.
        setError(t("panos.notCreated", { reason: tc(errorMessageKey(failure)) }));
      }
    });

  return (
    <form
      className="tours-create"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h4 id={headingId}>{t("panos.newTitle")}</h4>
      <Field
        ref={nameRef}
        label={t("panos.name")}
        hint={t("panos.nameHint")}
        autoComplete="off"
        maxLength={MAX_NAME + 50}
        value={name}
        error={nameError ?? undefined}
        onChange={(e) => {
          setName(e.target.value);
          setNameError(null);
        }}
      />
      <FormError message={error} />
      <div className="tours-actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? t("panos.creating") : t("panos.create")}
        </button>
        {canCancel ? (
          <button type="button" className="button button--secondary" onClick={() => onDone(null)} disabled={busy}>
            {t("cancel")}
          </button>
        ) : null}
      </div>
    </form>
  );
}
