import { blogPosts } from '@vitrin/core/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../../../../test/accounts.ts';
import { createTestApp } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';

/**
 * An attacker's blog post (a manager's account taken over, or HTML pasted from elsewhere): each way a body
 * can carry a script or leave the shop is dropped before the body is stored, and what readers get (the
 * storefront's post answer, whose `body` the page renders) holds none of it.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let manager: Browser;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  manager = (await loggedInStaff(t.app, t.services, 'manager')).b;
});
afterAll(() => t.close());

let n = 0;
/** Saves a published post with `html` in its body; its stored body and the storefront's. */
async function published(html: string) {
  n++;
  const res = await manager.post('/api/admin/blog/posts', {
    title: `Saldırı denemesi ${n}`,
    excerpt: 'Deneme.',
    body: `<p>Giriş ${n}</p>${html}`,
    author: 'Deneme',
    tags: [],
    isPublished: true,
  });
  expect(res.statusCode).toBe(201);
  const { id } = res.json().post as { id: number };
  const [row] = await t.services.database.db.select().from(blogPosts).where(eq(blogPosts.id, id));
  const front = await t.app.inject(`/api/front/blog/${id}`);
  expect(front.statusCode).toBe(200);
  return { stored: row!.body, shown: front.json().post.body as string };
}

describe('a blog post’s body, stored and shown', () => {
  it.each([
    [
      'a javascript: link',
      '<p><a href="javascript:alert(1)">a</a><a href="JaVa&#x09;ScRiPt:alert(1)">b</a></p>',
      /javascript|alert/i,
    ],
    [
      'a data: link and image',
      '<p><a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">a</a></p><img src="data:image/svg+xml;base64,PHN2Zz4=">',
      /data:|base64/,
    ],
    [
      'a style with an expression',
      '<p style="width:expression(alert(1))">s</p><style>p{background:url(javascript:alert(1))}</style>',
      /style|expression|alert/,
    ],
    [
      'an iframe',
      '<iframe src="https://kotu.example/" srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
      /iframe|kotu|alert/,
    ],
    ['an svg with onload', '<svg onload="alert(1)"><circle r="1"/></svg>', /svg|onload|alert/],
    [
      'an event handler',
      '<img src="/uploads/posts/a.webp" onerror="alert(1)"><p onclick="alert(2)">p</p>',
      /onerror|onclick|alert/,
    ],
    [
      'an image leaving the uploads by an encoded ..',
      '<img src="/uploads/%2e%2e/api/admin/session">',
      /%2e|api\/admin/i,
    ],
    [
      'a form and a meta refresh',
      '<form action="https://kotu.example/"><input name="p"></form><meta http-equiv="refresh" content="0;url=https://kotu.example/">',
      /form|input|meta|kotu/,
    ],
  ])('drops %s', async (_, html, forbidden) => {
    const { stored, shown } = await published(html);
    expect(stored).not.toMatch(forbidden);
    expect(shown).not.toMatch(forbidden);
    expect(shown).toContain('<p>Giriş');
  });

  it('gives a link that opens a new tab rel="noopener noreferrer", whatever rel it came with', async () => {
    const { stored, shown } = await published(
      '<p><a href="https://ornek.example/" target="_blank">a</a><a href="https://ornek.example/b" target="_blank" rel="opener">b</a></p>',
    );
    for (const body of [stored, shown]) {
      expect(body.match(/<a [^>]*>/g)).toHaveLength(2);
      for (const a of body.match(/<a [^>]*>/g)!) expect(a).toContain('rel="noopener noreferrer"');
      expect(body).not.toContain('"opener"');
    }
  });

  it('keeps what the editor makes: headings, lists, our images, https links', async () => {
    const html =
      '<h2>Başlık</h2><ul><li><strong>Kalın</strong> ve <em>eğik</em></li></ul><figure><img src="/uploads/posts/a.webp" alt="Kupa"><figcaption>Kupa</figcaption></figure><p><a href="https://ornek.example/">bağ</a></p>';
    const { stored } = await published(html);
    expect(stored).toContain('<h2>Başlık</h2><ul><li><strong>Kalın</strong> ve <em>eğik</em></li></ul>');
    expect(stored).toContain('<img src="/uploads/posts/a.webp" alt="Kupa" />');
    expect(stored).toContain('<a href="https://ornek.example/">bağ</a>');
  });
});
