/**
 * "Test sign-in": the organizer picks one event that uses the provider, and the provider's login
 * opens in a new window through the same start URL attendees' buttons use (marked `Test=1`).
 * Opened straight from the click, so browsers do not take it for an unwanted popup; `noopener`,
 * so the provider's page cannot reach back into the console.
 */
import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { DialogActions } from "@/components/DialogActions";
import { LoadState } from "@/components/LoadState";
import { Modal } from "@/components/Modal";
import { SelectField } from "@/components/SelectField";
import { customerEventsQuery, testSignInUrl, type SignInProviderRow } from "./api";
import { useIdentityT } from "./identity-manage-i18n";

export function TestSignInDialog({
  customerId,
  provider,
  onOpened,
  onClose,
}: {
  customerId: string;
  provider: SignInProviderRow;
  onOpened: () => void;
  onClose: () => void;
}) {
  const t = useIdentityT();
  const titleId = useId();
  const bodyId = useId();
  const selectRef = useRef<HTMLSelectElement>(null);
  const events = useQuery(customerEventsQuery(customerId));
  const usable = (events.data ?? []).filter((e) => provider.EventIDs.length === 0 || provider.EventIDs.includes(e.ID));
  const [chosen, setChosen] = useState<string>("");
  const eventId = usable.some((e) => e.ID === chosen) ? chosen : (usable[0]?.ID ?? "");

  const open = () => {
    if (!eventId) return;
    window.open(testSignInUrl(provider.ID, eventId), "_blank", "noopener,noreferrer");
    onOpened();
  };

  return (
    <Modal labelledBy={titleId} describedBy={bodyId} role="dialog" onCancel={onClose} initialFocus={selectRef}>
      <h2 id={titleId}>{t("test.title", { label: provider.Label })}</h2>
      <p id={bodyId}>{t("test.body")}</p>
      {provider.IsEnabled ? null : <p className="notice">{t("test.off")}</p>}
      <LoadState query={events} loadingText={t("form.eventsLoading")} failedText={t("form.eventsLoadFailed")} />
      {events.data && usable.length === 0 ? <p>{t("test.noEvents")}</p> : null}
      {usable.length > 0 ? (
        <SelectField ref={selectRef} label={t("test.event")} value={eventId} onChange={(e) => setChosen(e.target.value)}>
          {usable.map((event) => (
            <option key={event.ID} value={event.ID}>
              {`${event.Title} (/${event.InternalName})`}
            </option>
          ))}
        </SelectField>
      ) : null}
      <DialogActions
        cancelLabel={t("cancel")}
        onCancel={onClose}
        confirmLabel={t("test.open")}
        onConfirm={open}
        confirmDisabled={!eventId}
      />
    </Modal>
  );
}
