/** URL parameters as the listing schema reads them: repeated keys (tag, opt) become lists. */
export function searchParamsObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key).filter((v) => v !== '');
    if (values.length === 0) continue;
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

/** The current URL with one parameter changed (page links keep filters and sort). */
export function withParam(search: string, key: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(key);
  else params.set(key, value);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The URL's parameters that a form does not own, as hidden fields keep them (the search text, the sort). */
export function keptParams(search: string, owned: readonly string[]): Array<[string, string]> {
  return [...new URLSearchParams(search)].filter(([k]) => k !== 'page' && !owned.includes(k));
}
