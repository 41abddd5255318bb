import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, registeredBrowser } from '../../../../test/accounts.ts';
import { createTestApp } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let support: Browser;
let customer: Browser;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  support = (await loggedInStaff(t.app, t.services, 'support')).b;
  customer = await registeredBrowser(t.app, 1);
});
afterAll(() => t.close());

const auditOf = async () =>
  (await t.services.audit.page({ entity: 'saved_reply' })).items.map((e) => ({
    action: e.action,
    before: e.before,
    after: e.after,
  }));

describe('saved replies of support', () => {
  it('are added, listed by title the Turkish way, changed and deleted by support, each in the audit log', async () => {
    const iade = await support.post('/api/admin/saved-replies', {
      title: '  İade süreci ',
      body: 'Merhaba,\niadeniz onaylandı; tutar 3 iş günü içinde kartınıza yansır.',
    });
    expect(iade.statusCode).toBe(201);
    const { reply } = iade.json();
    expect(reply).toEqual({
      id: expect.any(Number),
      title: 'İade süreci',
      body: 'Merhaba,\niadeniz onaylandı; tutar 3 iş günü içinde kartınıza yansır.',
      updatedAt: expect.any(String),
    });
    await support.post('/api/admin/saved-replies', { title: 'Çanta ölçüleri', body: 'Ölçüler 30x40 cm.' });
    await support.post('/api/admin/saved-replies', { title: 'Cevap gecikmesi', body: 'Özür dileriz.' });
    const titles = async () =>
      (await support.get('/api/admin/saved-replies')).json().items.map((r: { title: string }) => r.title);
    expect(await titles()).toEqual(['Cevap gecikmesi', 'Çanta ölçüleri', 'İade süreci']);

    const changed = await support.patch(`/api/admin/saved-replies/${reply.id}`, {
      title: 'İade onayı',
      body: 'İadeniz onaylandı.',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().reply).toMatchObject({ title: 'İade onayı', body: 'İadeniz onaylandı.' });
    expect((await support.delete(`/api/admin/saved-replies/${reply.id}`)).statusCode).toBe(204);
    expect(await titles()).toEqual(['Cevap gecikmesi', 'Çanta ölçüleri']);
    const gone = await support.delete(`/api/admin/saved-replies/${reply.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toEqual({ code: 'HAZIR_YANIT_BULUNAMADI', message: 'Hazır yanıt bulunamadı.' });

    const log = (await auditOf()).reverse();
    expect(log.map((e) => e.action)).toEqual([
      'savedReply.create',
      'savedReply.create',
      'savedReply.create',
      'savedReply.update',
      'savedReply.delete',
    ]);
    expect(log[3]).toMatchObject({
      before: { title: 'İade süreci' },
      after: { title: 'İade onayı', body: 'İadeniz onaylandı.' },
    });
    expect(log[4]).toMatchObject({ before: { title: 'İade onayı' }, after: null });
  });

  it('refuses a title another reply has (any case) with 409, and bad input with Turkish field messages', async () => {
    await support.post('/api/admin/saved-replies', { title: 'Kargo takibi', body: 'Takip numaranız: ' });
    const taken = await support.post('/api/admin/saved-replies', { title: 'KARGO TAKİBİ', body: 'x' });
    expect([taken.statusCode, taken.json().error.code]).toEqual([409, 'HAZIR_YANIT_VAR']);
    for (const [body, field, message] of [
      [{ title: '', body: 'metin' }, 'title', 'Başlık yazın'],
      [{ title: 'Başlık' }, 'body', 'Yanıt metnini yazın'],
      [{ title: 'a'.repeat(101), body: 'metin' }, 'title', 'Başlık en fazla 100 karakter olabilir'],
      [{ title: 'Uzun', body: 'a'.repeat(5001) }, 'body', 'Yanıt en fazla 5000 karakter olabilir'],
    ] as const) {
      const res = await support.post('/api/admin/saved-replies', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'GECERSIZ_ISTEK', fields: { [field]: message } });
    }
    const missing = await support.put('/api/admin/saved-replies/999999', { title: 'Yok', body: 'Yok' });
    expect(missing.statusCode).toBe(404);
  });

  it('are for staff only: a customer and no session get 401', async () => {
    for (const b of [customer, undefined]) {
      const res = b
        ? await b.get('/api/admin/saved-replies')
        : await t.app.inject({ method: 'GET', url: '/api/admin/saved-replies' });
      expect(res.statusCode).toBe(401);
    }
  });
});
