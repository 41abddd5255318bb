/**
 * The shop's CSP rule, for one answer's header, as a list of what it breaks (empty: it holds). A page
 * (`html`) runs scripts only by nonce or hash: `script-src` (or `default-src` when it is absent) names one
 * and neither `'unsafe-inline'` nor `'unsafe-eval'` (CSP3 ignores `'unsafe-inline'` beside a nonce, a
 * fallback for old browsers, but the shop sends none at all), no host or scheme wildcard, and no inline
 * event handlers (`script-src-attr 'none'`). Plugins are off (`object-src 'none'`), `base-uri` is set and
 * nothing frames the shop (`frame-ancestors 'none'`). Any other answer (JSON, files) runs nothing:
 * `default-src 'none'` without a script source of its own.
 */
export function cspProblems(header: string | undefined, kind: 'html' | 'other'): string[] {
  if (!header) return ['no Content-Security-Policy'];
  const directives = new Map(
    header.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!.toLowerCase(), values] as const;
    }),
  );
  const is = (name: string, value: string) => directives.get(name)?.join(' ') === value;
  const problems: string[] = [];
  if (!is('frame-ancestors', "'none'")) problems.push("frame-ancestors is not 'none'");
  if (kind === 'other') {
    if (!is('default-src', "'none'")) problems.push("default-src is not 'none'");
    if (directives.has('script-src')) problems.push('a script source on an answer that is no page');
    return problems;
  }
  const script = directives.get('script-src') ?? directives.get('default-src') ?? [];
  if (!script.some((v) => /^'(nonce-[A-Za-z0-9+/_=-]{16,}|sha(256|384|512)-[A-Za-z0-9+/=]+)'$/.test(v))) {
    problems.push('script-src has no nonce or hash');
  }
  if (script.includes("'unsafe-inline'")) problems.push("script-src allows 'unsafe-inline'");
  if (script.includes("'unsafe-eval'")) problems.push("script-src allows 'unsafe-eval'");
  if (script.some((v) => v === '*' || /^(https?|data|blob):$/.test(v))) {
    problems.push('script-src allows any host or scheme');
  }
  if (!is('script-src-attr', "'none'")) problems.push("script-src-attr is not 'none'");
  if (!is('object-src', "'none'")) problems.push("object-src is not 'none'");
  if (!directives.has('base-uri')) problems.push('no base-uri');
  return problems;
}
