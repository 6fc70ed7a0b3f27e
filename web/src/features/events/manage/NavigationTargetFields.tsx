/**
 * The fields of the chosen Type's target (attendee-app.md §3, "Menu types and their data").
 * Targets are picked from what exists rather than typed: rooms from the venue's tour, add-ons from
 * the list the attendee app accepts, modules from those it knows, locations from the event's.
 * Where nothing can be listed (no tour yet, a tour or location list that cannot be read) the id
 * is typed, with a note saying why. A stored value missing from a list stays selectable, marked,
 * so opening and saving an item never changes its target unasked.
 */
import { useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/Field";
import { SelectField } from "@/components/SelectField";
import { TextareaField } from "@/components/TextareaField";
import type { EventLocation, TourRoom } from "./navigation-api";
import { roomName, useNavigationMessage, type NavigationLabels } from "./navigation-labels";
import { ADDON_MODULES, MODULE_PAGES, MODULE_PANELS, URL_MODES, type NavigationFormValues } from "./navigation-schema";

/** The tour's rooms: `none` when the event has no tour (no PanoURL). */
export interface RoomsState {
  status: "none" | "loading" | "failed" | "ready";
  rooms: TourRoom[];
}

export interface LocationsState {
  status: "loading" | "failed" | "ready";
  locations: EventLocation[];
}

/** Pages first (attendee-app.md §2), then the modules that open a panel or the photobooth. */
const MODULE_GROUPS = [
  { key: "modulePages", names: MODULE_PAGES },
  { key: "modulePanels", names: MODULE_PANELS },
] as const;

export function NavigationTargetFields({ rooms, locations, labels }: { rooms: RoomsState; locations: LocationsState; labels: NavigationLabels }) {
  const { t } = useTranslation("navigation");
  const message = useNavigationMessage();
  const { register, control, formState } = useFormContext<NavigationFormValues>();
  const errors = formState.errors;
  const [type, module, addon] = useWatch({ control, name: ["Type", "Module", "Addon"] });
  const error = (field: keyof NavigationFormValues) => message(errors[field]?.message);
  const url = { autoComplete: "off", spellCheck: false, autoCapitalize: "none", inputMode: "url" } as const;
  const knownModule = ([...MODULE_PAGES, ...MODULE_PANELS] as readonly string[]).includes(module);

  return (
    <fieldset>
      <legend>{t("form.target")}</legend>
      {type === "URL" ? (
        <>
          <SelectField label={t("target.urlMode")} error={error("UrlMode")} {...register("UrlMode")}>
            {URL_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {labels.modeLabel(mode)}
              </option>
            ))}
          </SelectField>
          <Field label={t("target.urlSrc")} hint={t("target.urlSrcHint")} error={error("UrlSrc")} {...url} {...register("UrlSrc")} />
        </>
      ) : null}
      {type === "JS Call" ? (
        <TextareaField label={t("target.code")} hint={t("target.codeHint")} error={error("Code")} spellCheck={false} rows={4} {...register("Code")} />
      ) : null}
      {type === "Module" ? (
        <SelectField label={t("target.module")} error={error("Module")} {...register("Module")}>
          <option value="">{t("target.chooseModule")}</option>
          {MODULE_GROUPS.map((group) => (
            <optgroup key={group.key} label={t(`target.${group.key}`)}>
              {group.names.map((name) => (
                <option key={name} value={name}>
                  {t("target.moduleOption", { label: labels.moduleLabel(name), module: name })}
                </option>
              ))}
            </optgroup>
          ))}
          {module && !knownModule ? <option value={module}>{t("target.moduleKept", { module })}</option> : null}
        </SelectField>
      ) : null}
      {type === "Addon" ? (
        <SelectField label={t("target.addon")} error={error("Addon")} {...register("Addon")}>
          <option value="">{t("target.chooseAddon")}</option>
          {ADDON_MODULES.map((name) => (
            <option key={name} value={name}>
              {t("target.moduleOption", { label: labels.moduleLabel(name), module: name })}
            </option>
          ))}
          {addon && !(ADDON_MODULES as readonly string[]).includes(addon) ? <option value={addon}>{t("target.addonKept", { module: addon })}</option> : null}
        </SelectField>
      ) : null}
      {type === "IFrame" ? (
        <>
          <Field label={t("target.iframeUrl")} hint={t("target.urlSrcHint")} error={error("IframeUrl")} {...url} {...register("IframeUrl")} />
          <div className="field-row">
            <Field label={t("target.iframeWidth")} hint={t("target.sizeHint")} error={error("IframeWidth")} autoComplete="off" {...register("IframeWidth")} />
            <Field label={t("target.iframeHeight")} hint={t("target.sizeHint")} error={error("IframeHeight")} autoComplete="off" {...register("IframeHeight")} />
          </div>
        </>
      ) : null}
      {type === "FullscreenIframe" ? (
        <>
          <Field label={t("target.slug")} hint={t("target.slugHint")} error={error("Slug")} autoComplete="off" spellCheck={false} autoCapitalize="none" {...register("Slug")} />
          <Field label={t("target.pageUrl")} hint={t("target.pageUrlHint")} error={error("PageUrl")} {...url} {...register("PageUrl")} />
        </>
      ) : null}
      {type === "Panorama" ? <RoomPicker field="NodeID" label={t("target.room")} typedLabel={t("target.roomId")} rooms={rooms} /> : null}
      {type === "VirtualLocation" ? <LocationPicker rooms={rooms} locations={locations} /> : null}
      {type === "Panorama" || type === "VirtualLocation" ? (
        <Field label={t("target.angle")} hint={t("target.angleHint")} error={error("Angle")} autoComplete="off" inputMode="decimal" {...register("Angle")} />
      ) : null}
    </fieldset>
  );
}

type NodeField = "NodeID" | "MainNodeID" | "LocationNodeID";

interface RoomPickerProps {
  field: NodeField;
  label: string;
  typedLabel: string;
  rooms: RoomsState;
  /** Rooms to offer instead of the tour's (a location's); empty: typed. */
  choices?: readonly string[] | undefined;
  /** Why the room is typed, when it is not the tour's state. */
  note?: string | undefined;
  /** A second picker of the same form: the first has said why already. */
  quiet?: boolean;
}

/** A room: chosen from the tour's rooms (or `choices`) when there are any, else typed. */
function RoomPicker({ field, label, typedLabel, rooms, choices, note, quiet = false }: RoomPickerProps) {
  const { t, i18n } = useTranslation("navigation");
  const message = useNavigationMessage();
  const { register, control, formState } = useFormContext<NavigationFormValues>();
  const current = useWatch({ control, name: field });
  const error = message(formState.errors[field]?.message);
  const ids = choices ?? (rooms.status === "ready" ? rooms.rooms.map((room) => room.id) : []);
  if (ids.length === 0) {
    const tourNote = { none: t("target.noTour"), loading: t("target.tourLoading"), failed: t("target.tourFailed"), ready: undefined }[rooms.status];
    const why = quiet ? undefined : (note ?? (choices ? undefined : tourNote));
    return (
      <>
        {why ? (
          <p className="notice navigation-note" role={!note && rooms.status === "loading" ? "status" : undefined}>
            {why}
          </p>
        ) : null}
        <Field label={typedLabel} hint={t("target.roomIdHint")} error={error} autoComplete="off" spellCheck={false} autoCapitalize="none" {...register(field)} />
      </>
    );
  }
  const optionLabel = (id: string) => {
    const room = rooms.rooms.find((r) => r.id === id || r.customID === id);
    return room ? t("target.roomOption", { name: roomName(room, i18n.language), id }) : id;
  };
  return (
    <SelectField label={label} error={error} {...register(field)}>
      <option value="">{t("target.chooseRoom")}</option>
      {ids.map((id) => (
        <option key={id} value={id}>
          {optionLabel(id)}
        </option>
      ))}
      {current && !ids.includes(current) ? <option value={current}>{t("target.roomKept", { id: current })}</option> : null}
    </SelectField>
  );
}

/**
 * A VirtualLocation: the location (its ID becomes the item's VirtualSpaceID), then its main room
 * and the room to open, from the location's rooms; without a location, from the tour's.
 */
function LocationPicker({ rooms, locations }: { rooms: RoomsState; locations: LocationsState }) {
  const { t } = useTranslation("navigation");
  const message = useNavigationMessage();
  const { register, control, formState, getValues, setValue } = useFormContext<NavigationFormValues>();
  const locationId = useWatch({ control, name: "LocationID" });
  const error = message(formState.errors.LocationID?.message);
  const listed = locations.status === "ready" && locations.locations.length > 0;
  const chosen = listed ? locations.locations.find((l) => l.ID === locationId) : undefined;
  const choices = chosen?.VirtualSpacepanoIDs;
  const roomNote = chosen && chosen.VirtualSpacepanoIDs.length === 0 ? t("target.locationNoRooms") : undefined;

  // Picking a location picks its first room for both, unless those chosen are its own already.
  const onLocation = (e: React.ChangeEvent<HTMLSelectElement>) => {
    const next = locations.locations.find((l) => l.ID === e.target.value);
    const first = next?.VirtualSpacepanoIDs[0];
    if (!next || first === undefined) return;
    for (const field of ["MainNodeID", "LocationNodeID"] as const) {
      if (!next.VirtualSpacepanoIDs.includes(getValues(field))) setValue(field, first, { shouldValidate: formState.isSubmitted });
    }
  };

  const listNote = { loading: t("target.locationsLoading"), failed: t("target.locationsFailed"), ready: t("target.noLocations") }[locations.status];
  return (
    <>
      {listed ? (
        <SelectField label={t("target.location")} error={error} {...register("LocationID", { onChange: onLocation })}>
          <option value="">{t("target.noLocation")}</option>
          {locations.locations.map((location) => (
            <option key={location.ID} value={location.ID}>
              {location.IsDisabled ? t("target.locationDisabled", { name: location.Name }) : location.Name}
            </option>
          ))}
          {locationId && !chosen ? <option value={locationId}>{locationId}</option> : null}
        </SelectField>
      ) : (
        <>
          <p className="notice navigation-note" role={locations.status === "loading" ? "status" : undefined}>
            {listNote}
          </p>
          <Field label={t("target.locationId")} hint={t("target.locationIdHint")} error={error} autoComplete="off" spellCheck={false} {...register("LocationID")} />
        </>
      )}
      <RoomPicker field="MainNodeID" label={t("target.mainRoom")} typedLabel={t("target.mainRoomId")} rooms={rooms} choices={choices} note={roomNote} />
      <RoomPicker field="LocationNodeID" label={t("target.openRoom")} typedLabel={t("target.openRoomId")} rooms={rooms} choices={choices} note={roomNote} quiet />
    </>
  );
}
