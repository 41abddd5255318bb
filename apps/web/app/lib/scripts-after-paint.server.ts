/**
 * A page's scripts start loading once its main image is in, not while the HTML is still arriving.
 *
 * React Router writes `<link rel="modulepreload">` tags into the head and one inline module script that
 * imports the matched route modules, then the client entry. On a phone's connection those 120 kB of
 * JavaScript share the line with the main product image and delay it, and the hydration work lands in the
 * middle of the first paint. The page reads and navigates without them (links, GET forms), so they can
 * wait: this rewrites the finished document so that the inline script first waits for the image marked
 * `fetchpriority="high"` to load (or for the first frame, on pages without one), then adds React Router's
 * script again, unchanged, with the preloaded modules as imports at its top (all fetched at once).
 *
 * React adds the preload tags back when it hydrates (they are hoisted resources), which costs nothing: the
 * modules are loaded by then. A document whose scripts are not in the expected shape is left as it is, and
 * so loads its scripts at once, as before.
 */

/** Past this, the scripts load anyway (an image that never finishes must not keep the page inert). */
export const MAX_WAIT_MS = 3_000;

// The main image's load or error, then one frame so that it is painted; or the time limit. A hidden tab
// draws no frames and waits for the limit.
const WAIT_FOR_MAIN_IMAGE = `await new Promise((go) => {
  setTimeout(go, ${MAX_WAIT_MS});
  const painted = () => requestAnimationFrame(() => setTimeout(go, 0));
  const image = document.querySelector('img[fetchpriority="high"]');
  if (!image || image.complete) painted();
  else {
    image.addEventListener('load', painted, { once: true });
    image.addEventListener('error', painted, { once: true });
  }
});`;

const PRELOAD_LINK = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /(<script[^>]*\btype="module"[^>]*>)([\s\S]*?)<\/script>/;
const NONCE = /\bnonce="([^"]*)"/;

/** A string literal that is safe inside an inline script (no `</script>`, no `<!--`). */
const scriptLiteral = (text: string) => JSON.stringify(text).replaceAll('<', '\\u003c');

export function loadScriptsAfterPaint(html: string): string {
  // Both the preloads and the script come after the page's own markup starts; search from the first preload.
  const start = html.indexOf('<link rel="modulepreload"');
  if (start === -1) return html;
  const tail = html.slice(start);
  const script = MODULE_SCRIPT.exec(tail);
  if (!script) return html;
  const [whole, open, body] = script as unknown as [string, string, string];
  // The preload tags (all in the head, before the script) come out; their modules are imported below.
  const hrefs = new Set<string>();
  const before = tail.slice(0, script.index).replace(PRELOAD_LINK, (_tag, href: string) => {
    hrefs.add(href);
    return '';
  });
  const nonce = NONCE.exec(open)?.[1];

  // The same script, run later: its static imports and what follows them stay one evaluation, as React
  // Router wrote them (the client entry starts hydrating as soon as it is evaluated). The preloaded modules
  // become imports of their own at its top, so that all of them are fetched at once.
  const imports = [...hrefs].map((href) => `import ${JSON.stringify(href)};\n`).join('');
  const deferred = `${open}${WAIT_FOR_MAIN_IMAGE}
const scripts = document.createElement('script');
scripts.type = 'module';
${nonce ? `scripts.nonce = ${scriptLiteral(nonce)};\n` : ''}scripts.textContent = ${scriptLiteral(imports + body)};
document.body.append(scripts);
</script>`;
  return html.slice(0, start) + before + deferred + tail.slice(script.index + whole.length);
}
