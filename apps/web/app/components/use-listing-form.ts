import { useEffect, useRef } from 'react';
import { useLocation, useSubmit } from 'react-router';

/**
 * A listing's GET form (filters, sort) that always shows the URL's state and, with JavaScript, applies a
 * change at once. Its inputs are uncontrolled (the form works without JavaScript): after every navigation
 * the form is reset to the defaults the new render gave it, so a box ticked but never applied, or one
 * changed before going back, never stays on screen while the list ignores it. A reset keeps focus where it
 * was, unlike remounting the form. `change` is the native event: a price field applies on Enter or on
 * leaving it, not on every keystroke.
 */
export function useListingForm() {
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
    const apply = () => submit(form, { preventScrollReset: true });
    form.addEventListener('change', apply);
    return () => form.removeEventListener('change', apply);
  }, [submit]);
  return ref;
}
