import { describe, expect, it } from 'vitest';
import { loadScriptsAfterPaint, MAX_WAIT_MS } from './scripts-after-paint.server.ts';

// The shape React Router 7 writes: preloads hoisted into the head, the module script at the end of the body.
const NONCE = 'bm9uY2U=';
const MODULE_BODY = `;
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/product-B.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-C.js"},"note":"a<b içinde"};
  window.__reactRouterRouteModules = {"root":route0,"routes/product":route1};

import("/assets/entry.client-C.js");`;
const page = (body = MODULE_BODY) =>
  '<!DOCTYPE html><html lang="tr"><head><title>Vazo</title>' +
  `<link rel="modulepreload" href="/assets/entry.client-C.js" nonce="${NONCE}"/>` +
  `<link rel="modulepreload" href="/assets/root-A.js" nonce="${NONCE}"/>` +
  `<link rel="modulepreload" href="/assets/entry.client-C.js" nonce="${NONCE}"/>` +
  `<link rel="modulepreload" href="/assets/app-D.js" nonce="${NONCE}"/>` +
  '</head><body><main><img src="/v.webp" fetchpriority="high" alt="Vazo"/></main>' +
  `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${NONCE}" type="module" async="">${body}</script>` +
  `<script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script></body></html>`;

/** The text the rewritten script hands to the module script it adds. */
function deferredSource(html: string): string {
  const literal = /scripts\.textContent = ("(?:[^"\\]|\\.)*");/.exec(html)?.[1];
  expect(literal).toBeDefined();
  return JSON.parse(literal as string) as string;
}

describe('scripts after the main image', () => {
  const html = loadScriptsAfterPaint(page());

  it('removes the preload tags and keeps the rest of the page as it was', () => {
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<main><img src="/v.webp" fetchpriority="high" alt="Vazo"/></main>');
    expect(html).toContain(`<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`);
    expect(html.endsWith('streamController.close();</script></body></html>')).toBe(true);
  });

  it("waits for the main image, or at most the time limit, before adding React Router's script", () => {
    const script = /<script nonce="[^"]+" type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(script).toContain(`document.querySelector('img[fetchpriority="high"]')`);
    expect(script).toContain(`setTimeout(go, ${MAX_WAIT_MS})`);
    expect(script.indexOf('await new Promise')).toBeLessThan(script.indexOf('document.body.append(scripts)'));
    expect(script).toContain(`scripts.nonce = "${NONCE}";`);
  });

  it('runs the same script, with each preloaded module imported once at its top', () => {
    expect(deferredSource(html)).toBe(
      'import "/assets/entry.client-C.js";\nimport "/assets/root-A.js";\nimport "/assets/app-D.js";\n' +
        MODULE_BODY,
    );
  });

  it('writes the script text with no markup in it (every < escaped)', () => {
    const script = /type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(script).not.toContain('a<b');
    expect(script).toContain('a\\u003cb');
    expect(deferredSource(html)).toContain('"a<b içinde"');
  });

  it('leaves a page without preloads or without the module script as it is', () => {
    const plain = '<!DOCTYPE html><html><head></head><body><p>Bakım</p></body></html>';
    expect(loadScriptsAfterPaint(plain)).toBe(plain);
    const noScript = page().replace(/<script nonce="[^"]+" type="module"[\s\S]*?<\/script>/, '');
    expect(loadScriptsAfterPaint(noScript)).toBe(noScript);
  });
});
