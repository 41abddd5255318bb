import {
  type AdminSocialAccount,
  SOCIAL_ACCOUNTS_MAX,
  type SocialAccountInput,
  type SocialAccountOrder,
} from '@vitrin/shared/api/admin/social-accounts';
import { asc, eq, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Cache } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { socialAccounts } from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import type { Tx } from '../orders/stock.ts';

/** Why a change of the social accounts was refused: a stable code, its HTTP status and a Turkish message. */
const socialAccountError = (
  status: 400 | 404 | 409 | 422,
  code: 'GECERSIZ_ISTEK' | 'SOSYAL_HESAP_BULUNAMADI' | 'SOSYAL_HESAP_SIRASI_ESKI' | 'SOSYAL_HESAP_SINIRI',
  message: string,
  fields?: Record<string, string>,
) => new DomainError(status, code, message, fields);

const notFound = () => socialAccountError(404, 'SOSYAL_HESAP_BULUNAMADI', 'Sosyal medya hesabı bulunamadı.');

type Row = typeof socialAccounts.$inferSelect;
const answer = (r: Row): AdminSocialAccount => ({
  id: r.id,
  platform: r.platform,
  label: r.label,
  url: r.url,
  position: r.position,
});
const audited = (r: Row) => ({ platform: r.platform, label: r.label, url: r.url, position: r.position });

/**
 * The social accounts of the storefront's footer, changed from the panel: each change and its audit row in
 * one transaction, then every cache drops (the footer's `social-accounts` and the page cache, on every node),
 * as a settings change does. Its inputs come parsed by the routes' schemas.
 */
export function createSocialAccountAdmin(db: Db, cache: Cache) {
  const ordered = (tx: Db | Tx) =>
    tx.select().from(socialAccounts).orderBy(asc(socialAccounts.position), asc(socialAccounts.id));

  async function changed<T>(work: () => Promise<T>): Promise<T> {
    const result = await work();
    await cache.invalidateAll();
    return result;
  }

  return {
    async list(): Promise<AdminSocialAccount[]> {
      return (await ordered(db)).map(answer);
    },

    /** Adds an account at the end of the list. */
    create(actor: AuditActor, input: SocialAccountInput): Promise<AdminSocialAccount> {
      return changed(() =>
        db.transaction(async (tx) => {
          const [{ count = 0, last = -1 } = {}] = await tx
            .select({
              count: sql<number>`count(*)::int`,
              last: sql<number>`coalesce(max(${socialAccounts.position}), -1)::int`,
            })
            .from(socialAccounts);
          if (count >= SOCIAL_ACCOUNTS_MAX) {
            throw socialAccountError(
              422,
              'SOSYAL_HESAP_SINIRI',
              `En fazla ${SOCIAL_ACCOUNTS_MAX} sosyal medya hesabı eklenebilir.`,
            );
          }
          const [row] = await tx
            .insert(socialAccounts)
            .values({ ...input, position: last + 1 })
            .returning();
          await recordAudit(tx, {
            actor,
            action: 'socialAccount.create',
            entity: 'socialAccount',
            entityId: row!.id,
            before: null,
            after: audited(row!),
          });
          return answer(row!);
        }),
      );
    },

    update(actor: AuditActor, id: number, input: SocialAccountInput): Promise<AdminSocialAccount> {
      return changed(() =>
        db.transaction(async (tx) => {
          const [current] = await tx
            .select()
            .from(socialAccounts)
            .where(eq(socialAccounts.id, id))
            .for('update');
          if (!current) throw notFound();
          const [row] = await tx
            .update(socialAccounts)
            .set(input)
            .where(eq(socialAccounts.id, id))
            .returning();
          await recordAudit(tx, {
            actor,
            action: 'socialAccount.update',
            entity: 'socialAccount',
            entityId: id,
            before: audited(current),
            after: audited(row!),
          });
          return answer(row!);
        }),
      );
    },

    remove(actor: AuditActor, id: number): Promise<void> {
      return changed(() =>
        db.transaction(async (tx) => {
          const [row] = await tx.delete(socialAccounts).where(eq(socialAccounts.id, id)).returning();
          if (!row) throw notFound();
          await recordAudit(tx, {
            actor,
            action: 'socialAccount.delete',
            entity: 'socialAccount',
            entityId: id,
            before: audited(row),
            after: null,
          });
        }),
      );
    },

    /**
     * Puts the accounts in the given order: every account's id once. A list that is not the stored set (an
     * account added or removed meanwhile) is refused with 409, changing nothing.
     */
    reorder(actor: AuditActor, { ids }: SocialAccountOrder): Promise<AdminSocialAccount[]> {
      return changed(() =>
        db.transaction(async (tx) => {
          const rows = await ordered(tx).for('update');
          const stored = new Set(rows.map((r) => r.id));
          if (ids.length !== stored.size || ids.some((id) => !stored.has(id))) {
            throw socialAccountError(
              409,
              'SOSYAL_HESAP_SIRASI_ESKI',
              'Hesap listesi siz düzenlerken değişti; sayfayı yenileyip sırayı yeniden verin.',
            );
          }
          const byId = new Map(rows.map((r) => [r.id, r]));
          for (const [position, id] of ids.entries()) {
            const row = byId.get(id)!;
            if (row.position === position) continue;
            await tx.update(socialAccounts).set({ position }).where(eq(socialAccounts.id, id));
            await recordAudit(tx, {
              actor,
              action: 'socialAccount.reorder',
              entity: 'socialAccount',
              entityId: id,
              before: { position: row.position },
              after: { position },
            });
          }
          return (await ordered(tx)).map(answer);
        }),
      );
    },
  };
}

export type SocialAccountAdmin = ReturnType<typeof createSocialAccountAdmin>;
