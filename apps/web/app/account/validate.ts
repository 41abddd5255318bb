import { checkForm } from '@vitrin/shared/form-check';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface ValidationMessages {
  missing: string;
  invalid: string;
  invalidEmail: string;
  tooShort: (min: number) => string;
}

function isControl(element: Element): element is Control {
  return 'validity' in element && 'name' in element && element.tagName !== 'BUTTON';
}

/** The message for a control the browser finds invalid: the field's own (data attributes) or a generic one. */
function messageFor(control: Control, messages: ValidationMessages): string {
  const { validity, dataset } = control;
  if (tooLarge(control)) return dataset.tooLarge ?? messages.invalid;
  if (validity.valueMissing) return dataset.missing ?? messages.missing;
  if (validity.tooShort && control instanceof HTMLInputElement) {
    return dataset.short ?? messages.tooShort(control.minLength);
  }
  if (validity.typeMismatch || validity.patternMismatch) {
    return dataset.invalid ?? (control.type === 'email' ? messages.invalidEmail : messages.invalid);
  }
  return dataset.invalid ?? messages.invalid;
}

/** A file field (`data-max-bytes`) holding a file over its limit: refused here, before a long upload. */
function tooLarge(control: Control): boolean {
  const max = Number(control.dataset.maxBytes);
  if (!(control instanceof HTMLInputElement) || control.type !== 'file' || !max) return false;
  return Array.from(control.files ?? []).some((file) => file.size > max);
}

/**
 * Checks a form before it is sent (with JavaScript; without it the browser's own constraint check and the
 * server's answer do the job). First the spec's generic form check (every `.required` control blank or
 * not, `is-invalid`/`is-valid`, focus on the first blank one), then the HTML constraints of every control
 * (`required` checkboxes, `type=email`, `minlength`, `pattern`, a file's `data-max-bytes`). Returns a message per invalid field name,
 * and focuses the first invalid control in document order.
 */
export function validateForm(form: HTMLFormElement, messages: ValidationMessages): Record<string, string> {
  checkForm(form, 'required');
  const errors: Record<string, string> = {};
  let first: Control | undefined;
  for (const element of Array.from(form.elements)) {
    if (!isControl(element) || !element.name || element.disabled || element.type === 'hidden') continue;
    if ((element.validity.valid && !tooLarge(element)) || errors[element.name] !== undefined) continue;
    errors[element.name] = messageFor(element, messages);
    first ??= element;
  }
  first?.focus();
  return errors;
}
