import { recordAudit } from '@vitrin/core/audit/record';
import { auditLog } from '@vitrin/core/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(() => t.close());

describe('audit log', () => {
  it('records who changed a staff member, with the changed fields only, before and after', async () => {
    const { b, member } = await loggedInStaff(t.app, t.services, 'owner');
    const { staff: row } = (
      await b.post('/api/admin/staff', { email: 'kayit1@magaza.test', name: 'Kayıt Bir', role: 'support' })
    ).json();
    await b.patch(`/api/admin/staff/${row.id}`, { role: 'manager', name: 'Kayıt Bir' });
    const res = await b.get(`/api/admin/audit?staffId=${member.id}&entity=staff`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const page = res.json();
    expect(page).toMatchObject({ page: 1, pageCount: 1, total: 2 });
    const [update, create] = page.items;
    expect(update).toMatchObject({
      actor: { kind: 'staff', staffId: member.id, email: member.email },
      action: 'staff.update',
      entity: 'staff',
      entityId: String(row.id),
      // The name was sent unchanged: it is not in the entry.
      before: { role: 'support' },
      after: { role: 'manager' },
    });
    expect(create).toMatchObject({
      action: 'staff.create',
      before: null,
      after: {
        email: 'kayit1@magaza.test',
        name: 'Kayıt Bir',
        role: 'support',
        disabled: false,
        totpEnabled: false,
      },
    });
    expect(Date.parse(update.at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('writes nothing for a change that changed nothing', async () => {
    const { b, member } = await loggedInStaff(t.app, t.services, 'owner');
    const { staff: row } = (
      await b.post('/api/admin/staff', { email: 'kayit2@magaza.test', name: 'Kayıt İki', role: 'support' })
    ).json();
    await b.patch(`/api/admin/staff/${row.id}`, { role: 'support' });
    expect((await b.get(`/api/admin/audit?staffId=${member.id}`)).json().total).toBe(1);
  });

  it('filters by entity and by days in Turkey time, and lists the entities present', async () => {
    const { b } = await loggedInStaff(t.app, t.services, 'owner');
    const db = t.services.database.db;
    // 2026-01-10 00:30 in Istanbul is 2026-01-09 21:30 UTC: it belongs to the 10th.
    await db.transaction((tx) =>
      recordAudit(tx, {
        actor: { kind: 'cli' },
        action: 'settings.set',
        entity: 'settings',
        entityId: 'is_online',
        before: { is_online: 1 },
        after: { is_online: 0 },
      }),
    );
    await db
      .update(auditLog)
      .set({ at: new Date('2026-01-09T21:30:00Z') })
      .where(eq(auditLog.entity, 'settings'));
    const day = (await b.get('/api/admin/audit?entity=settings&from=2026-01-10&to=2026-01-10')).json();
    expect(day.total).toBe(1);
    expect(day.items[0]).toMatchObject({
      actor: { kind: 'cli' },
      before: { is_online: 1 },
      after: { is_online: 0 },
    });
    expect((await b.get('/api/admin/audit?entity=settings&from=2026-01-11')).json().total).toBe(0);
    expect((await b.get('/api/admin/audit?entity=settings&to=2026-01-09')).json().total).toBe(0);
    const entities = await b.get('/api/admin/audit/entities');
    expect(entities.json().entities).toEqual(expect.arrayContaining(['settings', 'staff']));
    // Blank filters are no filters, as an empty form sends them.
    const all = (await b.get('/api/admin/audit?staffId=&entity=&from=&to=')).json();
    expect(all.total).toBeGreaterThan(1);
  });

  it('pages 50 entries at a time, newest first', async () => {
    const { b } = await loggedInStaff(t.app, t.services, 'owner');
    await t.services.database.db.transaction(async (tx) => {
      for (let i = 0; i < 55; i++) {
        await recordAudit(tx, { actor: { kind: 'cli' }, action: 'test.event', entity: 'sayfa', entityId: i });
      }
    });
    const first = (await b.get('/api/admin/audit?entity=sayfa')).json();
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 55 });
    expect(first.items).toHaveLength(50);
    const second = (await b.get('/api/admin/audit?entity=sayfa&page=2')).json();
    expect(second.items).toHaveLength(5);
    expect(second.items.at(-1).entityId).toBe('0');
  });

  it.each([
    ['a malformed day', 'from=10.01.2026', 'from', 'Tarih YYYY-AA-GG biçiminde olmalı'],
    ['a day that does not exist', 'to=2026-02-30', 'to', 'Böyle bir tarih yok'],
    [
      'an end before the start',
      'from=2026-02-10&to=2026-02-01',
      'to',
      'Bitiş tarihi başlangıç tarihinden önce olamaz',
    ],
    ['a staff id that is no number', 'staffId=ali', 'staffId', 'Personel numarası geçersiz'],
    ['a malformed entity', 'entity=Staff%20x', 'entity', 'Kayıt türü geçersiz'],
    ['page 0', 'page=0', 'page', 'Sayfa en az 1 olmalı'],
    ['a page that is no number', 'page=iki', 'page', 'Sayfa bir sayı olmalı'],
  ])('refuses %s (400) with a Turkish message on the field', async (_what, query, field, message) => {
    const { b } = await loggedInStaff(t.app, t.services, 'owner');
    const res = await b.get(`/api/admin/audit?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('is for owners only', async () => {
    const { b } = await loggedInStaff(t.app, t.services, 'manager');
    expect((await b.get('/api/admin/audit')).statusCode).toBe(403);
  });
});
