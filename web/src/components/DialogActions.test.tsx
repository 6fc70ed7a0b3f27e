import { createRef } from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { DialogActions, type DialogActionsProps } from "./DialogActions";

function renderActions(props: Partial<DialogActionsProps> = {}) {
  const onCancel = vi.fn();
  render(<DialogActions cancelLabel="Cancel" onCancel={onCancel} confirmLabel="Save" busyLabel="Saving…" {...props} />);
  return { onCancel, cancel: screen.getByRole("button", { name: "Cancel" }) };
}

describe("DialogActions", () => {
  it("renders Cancel, then the action, in the modal footer", () => {
    const { container } = render(<DialogActions cancelLabel="Cancel" onCancel={() => undefined} confirmLabel="Save" />);
    const footer = container.firstElementChild as HTMLElement;
    expect(footer).toHaveClass("modal-actions");
    const buttons = [...footer.querySelectorAll("button")];
    expect(buttons.map((b) => b.textContent)).toEqual(["Cancel", "Save"]);
    expect(buttons[0]).toHaveAttribute("type", "button");
    expect(buttons[0]).toHaveClass("button", "button--secondary");
    expect(buttons[1]).toHaveAttribute("class", "button");
    for (const button of buttons) {
      expect(button).toBeEnabled();
      expect(button).not.toHaveAttribute("aria-disabled");
    }
  });

  it("calls onCancel when Cancel is pressed", async () => {
    const { onCancel, cancel } = renderActions();
    await userEvent.click(cancel);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it("submits its form by default, or the form it names", () => {
    renderActions({ form: "edit-form" });
    const action = screen.getByRole("button", { name: "Save" });
    expect(action).toHaveAttribute("type", "submit");
    expect(action).toHaveAttribute("form", "edit-form");
  });

  it("is a plain button calling onConfirm when given one", async () => {
    const onConfirm = vi.fn();
    renderActions({ onConfirm });
    const action = screen.getByRole("button", { name: "Save" });
    expect(action).toHaveAttribute("type", "button");
    expect(action).not.toHaveAttribute("form");
    await userEvent.click(action);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("while busy disables both buttons and shows the busy label", () => {
    const { cancel } = renderActions({ busy: true });
    expect(cancel).toBeDisabled();
    const action = screen.getByRole("button", { name: "Saving…" });
    expect(action).toBeDisabled();
    expect(action).not.toHaveAttribute("aria-disabled");
  });

  it("keeps the busy action focusable when asked", () => {
    renderActions({ busy: true, keepFocusWhileBusy: true });
    const action = screen.getByRole("button", { name: "Saving…" });
    expect(action).toBeEnabled();
    expect(action).toHaveAttribute("aria-disabled", "true");
  });

  it("blocks the action for the dialog's own reason", () => {
    const { cancel } = renderActions({ confirmDisabled: true });
    expect(cancel).toBeEnabled();
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
  });

  it("marks a destructive action as danger", () => {
    renderActions({ danger: true });
    expect(screen.getByRole("button", { name: "Save" })).toHaveAttribute("class", "button button--danger");
  });

  it("can leave the action out", () => {
    renderActions({ showConfirm: false });
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual(["Cancel"]);
  });

  it("hands Cancel's element to cancelRef", () => {
    const cancelRef = createRef<HTMLButtonElement>();
    const { cancel } = renderActions({ cancelRef });
    expect(cancelRef.current).toBe(cancel);
  });
});
