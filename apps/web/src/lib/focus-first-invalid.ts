/**
 * After a refused submit: the first field the form marks invalid, in the order the user reads it, gets the focus
 * and is scrolled into view. A field that cannot take the focus itself (a list of checkboxes, a set of date
 * buttons) is reached through the first control of its group; a group marks itself `data-invalid="true"` when its
 * message is not a field's helper text.
 */
const INVALID = '[aria-invalid="true"], [data-invalid="true"], .Mui-error';
const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';
const GROUP = 'fieldset, [role="group"], [role="radiogroup"], .MuiFormControl-root, section';

export function firstInvalidControl(root: ParentNode): HTMLElement | undefined {
  const invalid = root.querySelector<HTMLElement>(INVALID);
  if (!invalid) return undefined;
  if (invalid.matches(FOCUSABLE)) return invalid;
  const inside = invalid.querySelector<HTMLElement>(FOCUSABLE);
  if (inside) return inside;
  return invalid.closest(GROUP)?.querySelector<HTMLElement>(FOCUSABLE) ?? undefined;
}

/** Focuses the first invalid control once the errors have been drawn (the next frame). */
export function focusFirstInvalid(root: HTMLElement | null): void {
  if (!root) return;
  requestAnimationFrame(() => {
    const target = firstInvalidControl(root);
    if (!target) return;
    target.focus({ preventScroll: true });
    // Optional: not every environment lays out (jsdom has no scrollIntoView).
    target.scrollIntoView?.({ block: 'center', behavior: 'auto' });
  });
}
