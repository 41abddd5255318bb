/**
 * Generic required-field check (specification §9): "marks every element of a given class invalid
 * when its value is empty, valid otherwise, and focuses the first invalid one".
 *
 * Browser only in practice (it needs DOM elements), but importing it on the server is harmless.
 */

/** Classes toggled on checked fields (Bootstrap-compatible names). */
export const FORM_CHECK_CLASSES = { valid: 'is-valid', invalid: 'is-invalid' } as const;

type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isFormControl(element: Element): element is FormControl {
  const tag = element.tagName.toUpperCase();
  return tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA';
}

function escapeClassName(className: string): string {
  if (typeof CSS !== 'undefined' && typeof CSS.escape === 'function') return CSS.escape(className);
  return className.replace(/[^\w-]/g, (char) => `\\${char}`);
}

/**
 * Checks every `input`, `select` and `textarea` under `root` (the root itself excluded) that has the
 * class `className` (default `'required'`); other elements with that class are ignored.
 *
 * - Blank value (after trimming): adds `is-invalid`, removes `is-valid`, sets `aria-invalid="true"`.
 * - Otherwise: adds `is-valid`, removes `is-invalid`, removes `aria-invalid`.
 *
 * The first invalid field, in document order, receives focus. Returns `true` when every checked field
 * is valid (also when there is none). Throws a TypeError when `className` is blank.
 */
export function checkForm(root: ParentNode, className = 'required'): boolean {
  if (className.trim() === '') throw new TypeError('checkForm: className must not be empty');
  let firstInvalid: FormControl | null = null;
  for (const element of Array.from(root.querySelectorAll(`.${escapeClassName(className.trim())}`))) {
    if (!isFormControl(element)) continue;
    if (String(element.value ?? '').trim() === '') {
      element.classList.add(FORM_CHECK_CLASSES.invalid);
      element.classList.remove(FORM_CHECK_CLASSES.valid);
      element.setAttribute('aria-invalid', 'true');
      firstInvalid ??= element;
    } else {
      element.classList.add(FORM_CHECK_CLASSES.valid);
      element.classList.remove(FORM_CHECK_CLASSES.invalid);
      element.removeAttribute('aria-invalid');
    }
  }
  firstInvalid?.focus();
  return firstInvalid === null;
}
