import { useEffect, useRef } from 'react';
import { useLocation, useSubmit } from 'react-router';
import { keptParams } from '../lib/listing-query.ts';

/**
 * A listing's GET form (filters, sort) that always shows the URL's state and, with JavaScript, applies a
 * change at once. Its inputs are uncontrolled (the form works without JavaScript): after every navigation
 * the form is reset to the defaults the new render gave it, so a box ticked but never applied, or one
 * changed before going back, never stays on screen while the list ignores it. A reset keeps focus where it
 * was, unlike remounting the form. `change` is the native event: a price field applies on Enter or on
 * leaving it, not on every keystroke.
 *
 * The form's hidden fields carry the rest of the URL (the sort for the filters, the filters for the sort)
 * for a browser without JavaScript. With JavaScript the rest is read from the address bar when the change
 * is applied: React renders a navigation in a transition, so on a busy phone the hidden fields can still
 * hold the URL before the last change, and a sort chosen right after ticking a filter would drop it.
 */
export function useListingForm(owned: readonly string[]) {
  const ref = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const { search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new URL is what makes the defaults change
  useEffect(() => {
    const form = ref.current;
    if (!form) return;
    form.reset();
    // React never moves a select's default option after the first render, so a reset alone would bring
    // back the first page's sort: a select names the URL's choice in `data-value`.
    for (const select of form.querySelectorAll<HTMLSelectElement>('select[data-value]')) {
      select.value = select.dataset.value ?? select.value;
    }
  }, [search]);
  useEffect(() => {
    const form = ref.current;
    if (!form) return;
    const apply = () => {
      const params = new URLSearchParams(keptParams(window.location.search, owned));
      for (const [key, value] of new FormData(form)) {
        if (owned.includes(key) && typeof value === 'string') params.append(key, value);
      }
      submit(params, { method: 'get', action: window.location.pathname, preventScrollReset: true });
    };
    form.addEventListener('change', apply);
    return () => form.removeEventListener('change', apply);
  }, [submit, owned]);
  return ref;
}
