/**
 * The default page: the menu item attendees are sent to from the event's bare address
 * (`PUT /events/{EventID}/menu/default` with its ID; 24 zeros for none, menu_service.py). The
 * picker offers the event's items by menu in attendees' order, and says when the chosen one
 * would send attendees to the start page after all: the attendee app follows it only when the
 * item is visible and opens a page (`rootRedirect` in lib/routes.ts, whose rule is used here).
 */
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { SelectField } from "@/components/SelectField";
import { notify } from "@/features/notifications";
import { errorMessageKey } from "@/lib/errors";
import { menuItemRoute, NULL_ID } from "@/lib/routes";
import { useSubmitLock } from "@/lib/use-submit-lock";
import type { NavItem } from "./navigation-api";
import { menuOf, POSITIONS } from "./navigation-order";
import type { NavigationLabels } from "./navigation-labels";

/** The choice must be none or an item of the event (the server answers 404 otherwise). */
export function defaultPageSchema(itemIds: ReadonlySet<string>) {
  return z.string().refine((value) => value === NULL_ID || itemIds.has(value), "defaultPageUnknown");
}

export interface NavigationDefaultPageProps {
  items: NavItem[];
  /** The stored default page; the form starts from it and follows its changes. */
  defaultPage: string;
  labels: NavigationLabels;
  save: (itemId: string) => Promise<void>;
}

export function NavigationDefaultPage({ items, defaultPage, labels, save }: NavigationDefaultPageProps) {
  const { t } = useTranslation("navigation");
  const { t: tc } = useTranslation();
  const headingId = useId();
  const selectRef = useRef<HTMLSelectElement>(null);
  const stored = defaultPage === "" ? NULL_ID : defaultPage;
  const [value, setValue] = useState(stored);
  // The stored page can change under the form (deleting the item clears it): follow it. Not by
  // remounting, which would drop the focus from the Save button after a save.
  const [shown, setShown] = useState(stored);
  if (shown !== stored) {
    setShown(stored);
    setValue(stored);
  }
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { busy, run } = useSubmitLock();
  const chosen = items.find((item) => item.ID === value);
  const storedUnknown = stored !== NULL_ID && !items.some((item) => item.ID === stored);

  const hint =
    value === NULL_ID
      ? t("defaultPage.hintNone")
      : !chosen
        ? undefined
        : !chosen.IsVisible
          ? t("defaultPage.hidden")
          : menuItemRoute(chosen) === null
            ? t("defaultPage.notAPage")
            : t("defaultPage.hintPage");

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = defaultPageSchema(new Set(items.map((item) => item.ID))).safeParse(value);
    if (!parsed.success) {
      setFieldError(t("validation.defaultPageUnknown"));
      selectRef.current?.focus();
      return;
    }
    void run(async () => {
      setFieldError(null);
      try {
        await save(parsed.data);
        notify("success", t("defaultPage.saved"));
      } catch (error) {
        // One field: whatever the server refused is about it.
        setFieldError(t("defaultPage.notSaved", { reason: tc(errorMessageKey(error)) }));
        selectRef.current?.focus();
      }
    });
  };

  return (
    <section className="navigation-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{t("defaultPage.title")}</h3>
      <p className="muted">{t("defaultPage.intro")}</p>
      <form className="console-form navigation-default" noValidate aria-busy={busy} onSubmit={submit}>
        <SelectField
          ref={selectRef}
          label={t("defaultPage.label")}
          value={value}
          hint={hint}
          error={fieldError ?? undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setFieldError(null);
          }}
        >
          <option value={NULL_ID}>{t("defaultPage.none")}</option>
          {POSITIONS.map((position) => {
            const list = menuOf(items, position);
            return list.length === 0 ? null : (
              <optgroup key={position} label={labels.menuLabel(position)}>
                {list.map((item) => (
                  <option key={item.ID} value={item.ID}>
                    {t("defaultPage.option", { name: labels.nameOf(item), type: labels.typeLabel(item.Type) })}
                  </option>
                ))}
              </optgroup>
            );
          })}
          {storedUnknown ? <option value={stored}>{t("defaultPage.unknown", { id: stored })}</option> : null}
        </SelectField>
        <div className="console-form__actions">
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            {busy ? t("defaultPage.saving") : t("defaultPage.save")}
          </button>
        </div>
      </form>
    </section>
  );
}
