import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppNode,
  customerWithTicket,
  requireBuild,
  shopDatabase,
  startNode,
  stopNode,
} from '../../test/cluster.ts';
import { tempDir } from '../../test/server.ts';

/**
 * Form posts to the storefront's pages (React Router actions, without JavaScript) have a size limit by type,
 * as the API's bodies do: a plain form 1 MB, one with a file the largest ticket attachment and 1 MB. A post
 * over it is given up while it is still coming (also one sent in chunks without Content-Length) and
 * answered 413 in Turkish: a page for the browser, the API's error body for React Router's data requests.
 * On the built storefront, with the server started as the shop runs.
 */
const MB = 1024 * 1024;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('size limits of form posts to pages', () => {
  const dir = tempDir();
  let node: AppNode | undefined;
  let db: Awaited<ReturnType<typeof shopDatabase>>;
  let customer: { cookie: string; ticketNo: string };

  beforeAll(async () => {
    requireBuild();
    db = await shopDatabase(dir.dir);
    node = await startNode(db.url, dir.dir, [18800, 18839]);
    customer = await customerWithTicket(node);
  });

  afterAll(async () => {
    if (node) await stopNode(node);
    await db?.dispose();
    dir.remove();
  });

  const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
    fetch(`${node!.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: node!.url, ...headers },
      body,
    });

  /**
   * A post written on a socket, its body in 64 kB pieces (`chunked`: in chunked framing, without
   * Content-Length) until the server answers; then the answer and how much of the body had been written.
   */
  function rawPost(path: string, headers: Record<string, string>, body: Buffer, chunked = false) {
    const url = new URL(node!.url);
    return new Promise<{ status: number; head: string; text: string; sent: number }>((resolve, reject) => {
      let answer = '';
      let sent = 0;
      const socket = connect(Number(url.port), url.hostname);
      const closed = new Promise<void>((done) => socket.once('close', () => done()));
      let received = Buffer.alloc(0);
      socket.on('data', (data: Buffer) => {
        received = Buffer.concat([received, data]);
        answer = received.toString();
        // The connection stays open for the next request: the answer ends at its Content-Length.
        const end = received.indexOf('\r\n\r\n');
        const length = /\r\ncontent-length: (\d+)/i.exec(answer)?.[1];
        if (end >= 0 && length && received.length >= end + 4 + Number(length)) socket.destroy();
      });
      // A write after the server's answer may fail: the answer is what counts.
      socket.on('error', (err) => (answer ? undefined : reject(err)));
      socket.on('close', () => {
        const [head = '', text = ''] = answer.split('\r\n\r\n', 2);
        resolve({
          status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]),
          head: head.toLowerCase(),
          text,
          sent,
        });
      });
      socket.once('connect', async () => {
        const lines = Object.entries({ host: url.host, origin: node!.url, ...headers }).map(
          ([name, value]) => `${name}: ${value}\r\n`,
        );
        const framing = chunked ? 'transfer-encoding: chunked' : `content-length: ${body.length}`;
        socket.write(`POST ${path} HTTP/1.1\r\n${lines.join('')}${framing}\r\n\r\n`);
        while (sent < body.length && !answer && !socket.destroyed) {
          const piece = body.subarray(sent, sent + 64 * 1024);
          sent += piece.length;
          const frame = chunked
            ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
            : piece;
          if (!socket.write(frame)) {
            await Promise.race([new Promise((drained) => socket.once('drain', drained)), closed]);
          }
        }
        if (chunked && sent >= body.length && !socket.destroyed) socket.write('0\r\n\r\n');
      });
    });
  }

  const tooLargeMessage = (limitMb: number) =>
    `Gönderdiğiniz form çok büyük (en fazla ${limitMb} MB). Ek dosyanız varsa daha küçük bir dosya seçip yeniden gönderin.`;

  function expectTooLargePage(res: Awaited<ReturnType<typeof rawPost>>, limitMb: number) {
    expect(res.status).toBe(413);
    expect(res.head).toContain('content-type: text/html');
    expect(res.head).toContain('cache-control: no-store');
    expect(res.text).toContain('<html lang="tr"');
    expect(res.text).toContain(tooLargeMessage(limitMb));
  }

  const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

  it('answers a plain form over 1 MB with 413: a Turkish page, or ISTEK_COK_BUYUK to a data request', async () => {
    const big = Buffer.from(`intent=add&productId=${db.shop.ekitap}&quantity=1&not=${'a'.repeat(MB)}`);
    expectTooLargePage(await rawPost('/cart', FORM, big), 1);

    const data = await rawPost('/cart.data', FORM, big);
    expect(data.status).toBe(413);
    expect(data.head).toContain('content-type: application/json');
    expect(JSON.parse(data.text)).toEqual({
      error: { code: 'ISTEK_COK_BUYUK', message: tooLargeMessage(1) },
    });
  });

  it("answers a ticket's form with a file over the largest attachment and 1 MB with 413: the page again, its form saying why", async () => {
    const form = new FormData();
    form.append('message', 'Fotoğrafı ekliyorum, kupa kırık geldi.');
    form.append('file', new Blob([Buffer.alloc(6 * MB + 1)], { type: 'image/png' }), 'kupa.png');
    const encoded = new Request(node!.url, { method: 'POST', body: form });
    const res = await rawPost(
      `/panel/support/${customer.ticketNo}`,
      { cookie: customer.cookie, 'content-type': encoded.headers.get('content-type')! },
      Buffer.from(await encoded.arrayBuffer()),
    );
    expect(res.status).toBe(413);
    expect(res.head).toContain('content-type: text/html');
    expect(res.head).toContain('cache-control: private, no-store');
    expect(res.text).toContain('<html lang="tr"');
    // The ticket's page with its reply form, which says why in Turkish; no bare page of its own.
    expect(res.text).toContain(customer.ticketNo);
    expect(res.text).toContain('name="message"');
    expect(res.text).toContain('Gönderdiğiniz form çok büyük (en fazla 6 MB).');
  });

  it('answers a form sent in chunks without Content-Length at its limit, before the rest of the body', async () => {
    const body = Buffer.alloc(64 * MB, 'a');
    const res = await rawPost('/contact', FORM, body, true);
    expectTooLargePage(res, 1);
    // Answered while the body was still coming: the server did not wait for (or keep) the other 63 MB.
    expect(res.sent).toBeLessThan(body.length);
    expect((await fetch(`${node!.url}/healthz`)).status).toBe(200);
  });

  it('still takes a plain form post: Sepete Ekle without JavaScript puts the product in the cart', async () => {
    const res = await post(
      '/cart',
      new URLSearchParams({ intent: 'add', productId: String(db.shop.ekitap), quantity: '1' }),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect([302, 303]).toContain(res.status);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c?.startsWith('vitrin_cart='));
    expect(cookie).toBeDefined();
    const cart = await fetch(`${node!.url}/api/front/cart`, { headers: { cookie: cookie! } });
    const body = (await cart.json()) as { count: number; lines: Array<{ productId: number }> };
    expect(body.count).toBe(1);
    expect(body.lines).toMatchObject([{ productId: db.shop.ekitap, quantity: 1 }]);
  });

  it("still takes a form with a file: a ticket's reply with its attachment", async () => {
    const form = new FormData();
    form.append('message', 'Kırık kupanın fotoğrafı ekte.');
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'kupa.png');
    const res = await post(`/panel/support/${customer.ticketNo}`, form, { cookie: customer.cookie });
    expect([302, 303]).toContain(res.status);
    const ticket = await fetch(`${node!.url}/api/front/support/tickets/${customer.ticketNo}`, {
      headers: { cookie: customer.cookie },
    });
    const { ticket: body } = (await ticket.json()) as {
      ticket: { messages: Array<{ body: string; attachment: { name: string; size: number } | null }> };
    };
    expect(body.messages.at(-1)).toMatchObject({
      body: 'Kırık kupanın fotoğrafı ekte.',
      attachment: { name: 'kupa.png', size: PNG.length },
    });
  });
});
