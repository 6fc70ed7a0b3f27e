/**
 * The customer's sign-in providers as a table: label and kind with the issuer, client ID, the
 * events that show it, whether a client secret is stored, a switch that shows or hides it on the
 * login pages (saved as soon as it is flipped), and Edit / Test sign-in / Delete. Each action
 * names its provider for screen readers.
 */
import type { CustomerEvent, SignInProviderRow } from "./api";
import { useIdentityT } from "./identity-manage-i18n";

export interface ProviderListProps {
  providers: readonly SignInProviderRow[];
  /** The customer's events when known (their titles name a provider's events). */
  events: readonly CustomerEvent[] | undefined;
  /** The provider whose switch is being saved. */
  switching: string | null;
  onToggle: (provider: SignInProviderRow) => void;
  onEdit: (provider: SignInProviderRow) => void;
  onTest: (provider: SignInProviderRow) => void;
  onDelete: (provider: SignInProviderRow) => void;
}

export function ProviderList({ providers, events, switching, onToggle, onEdit, onTest, onDelete }: ProviderListProps) {
  const t = useIdentityT();

  const eventsOf = (provider: SignInProviderRow): string => {
    if (provider.EventIDs.length === 0) return t("list.allEvents");
    if (!events) return t("list.someEvents", { count: provider.EventIDs.length });
    const titles = events.filter((e) => provider.EventIDs.includes(e.ID)).map((e) => e.Title);
    return titles.length > 0 ? titles.join(", ") : t("list.noEvents");
  };

  return (
    <div className="console-table-scroll">
      <table className="console-table signin-table">
        <caption className="visually-hidden">{t("list.label")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("list.provider")}</th>
            <th scope="col">{t("list.clientId")}</th>
            <th scope="col">{t("list.events")}</th>
            <th scope="col">{t("list.secret")}</th>
            <th scope="col">{t("list.enabled")}</th>
            <th scope="col">{t("list.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {providers.map((provider) => {
            const busy = switching === provider.ID;
            const switchId = `signin-switch-${provider.ID}`;
            return (
              <tr key={provider.ID}>
                <th scope="row" className="signin-table__provider">
                  <span className="signin-table__label">{provider.Label}</span>
                  <span className="small muted">{provider.Kind === "google" ? t("kinds.google") : t("kinds.oidc")}</span>
                  <span className="small signin-table__issuer">{provider.Issuer}</span>
                </th>
                <td className="signin-table__client">{provider.ClientID}</td>
                <td>{eventsOf(provider)}</td>
                <td>{provider.HasClientSecret ? t("list.secretStored") : t("list.secretNone")}</td>
                <td>
                  <input
                    id={switchId}
                    type="checkbox"
                    role="switch"
                    className="signin-switch"
                    checked={provider.IsEnabled}
                    aria-label={t("list.enabledFor", { label: provider.Label })}
                    aria-disabled={busy || undefined}
                    onChange={() => {
                      if (!busy) onToggle(provider);
                    }}
                  />
                </td>
                <td>
                  <div className="console-table__actions">
                    <button type="button" className="link-button" aria-label={t("list.editFor", { label: provider.Label })} onClick={() => onEdit(provider)}>
                      {t("list.edit")}
                    </button>
                    <button type="button" className="link-button" aria-label={t("list.testFor", { label: provider.Label })} onClick={() => onTest(provider)}>
                      {t("list.test")}
                    </button>
                    <button type="button" className="link-button console-danger-link" aria-label={t("list.deleteFor", { label: provider.Label })} onClick={() => onDelete(provider)}>
                      {t("list.delete")}
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
