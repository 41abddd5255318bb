import { provinceByCode } from '@vitrin/shared/address/turkey';
import { type Address, type AddressInput, addressInput, MAX_ADDRESSES } from '@vitrin/shared/api/account';
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { addresses, customers, type OrderAddress } from '../db/schema.ts';
import { parseInput } from '../errors.ts';
import { addressLimit, addressNotFound, customerNotFound } from './errors.ts';

type AddressRow = typeof addresses.$inferSelect;
export type DefaultKind = 'shipping' | 'billing';

/** The fields of an address wherever it comes from: a saved row, or one typed at checkout. */
type AddressFields = Pick<
  AddressRow,
  'firstName' | 'lastName' | 'phone' | 'provinceCode' | 'district' | 'line' | 'billingType'
> &
  Partial<Pick<AddressRow, 'postcode' | 'tcKimlikNo' | 'companyName' | 'taxNumber' | 'taxOffice'>>;

/** An address as an order keeps it (with the province's name), from the address book or the checkout. */
export function toOrderAddress(a: AddressFields): OrderAddress {
  return {
    firstName: a.firstName,
    lastName: a.lastName,
    phone: a.phone,
    provinceCode: a.provinceCode,
    province: provinceByCode(a.provinceCode)?.name ?? '',
    district: a.district,
    line: a.line,
    postcode: a.postcode ?? null,
    billingType: a.billingType,
    tcKimlikNo: a.tcKimlikNo ?? null,
    companyName: a.companyName ?? null,
    taxNumber: a.taxNumber ?? null,
    taxOffice: a.taxOffice ?? null,
  };
}

export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    title: row.title,
    ...toOrderAddress(row),
    isDefaultShipping: row.isDefaultShipping,
    isDefaultBilling: row.isDefaultBilling,
  };
}

/** A customer's addresses, oldest first. */
export async function listAddresses(db: Db, customerId: number): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, customerId))
    .orderBy(asc(addresses.id));
  return rows.map(toAddress);
}

const MAX_SERIAL = 2_147_483_647;

/**
 * An address id as it arrives (a URL segment or a number), or undefined when it cannot be one: `abc`,
 * `1.5` or a number past PostgreSQL's integer range must give "not found", not a database error.
 */
function addressIdOf(value: number | string): number | undefined {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= MAX_SERIAL ? id : undefined;
}

const defaultColumn = { shipping: addresses.isDefaultShipping, billing: addresses.isDefaultBilling } as const;
const defaultField = { shipping: 'isDefaultShipping', billing: 'isDefaultBilling' } as const;

/**
 * The customer's address book. Every operation is scoped to the customer: another customer's address is
 * ADRES_BULUNAMADI, exactly like one that does not exist. Changes run in one transaction that first locks
 * the customer's row, so the 20-address limit and the "one default shipping, one default billing" rule
 * hold under concurrent requests (the partial unique indexes back the latter up). The first address becomes
 * both defaults; deleting a default hands it to the newest remaining address, so a non-empty book always
 * has both.
 */
export function createAddressBook(db: Db, { now = () => new Date() }: { now?: () => Date } = {}) {
  type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

  async function lockCustomer(tx: Tx, customerId: number) {
    const [row] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)))
      .for('update');
    if (!row) throw customerNotFound();
  }

  async function findOwn(tx: Tx | Db, customerId: number, addressId: number | string): Promise<AddressRow> {
    const id = addressIdOf(addressId);
    if (id === undefined) throw addressNotFound();
    const [row] = await tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)));
    if (!row) throw addressNotFound();
    return row;
  }

  /** Takes the default away from the customer's other address, before this one gets it (unique index). */
  async function clearDefault(tx: Tx, customerId: number, kind: DefaultKind) {
    await tx
      .update(addresses)
      .set({ [defaultField[kind]]: false })
      .where(and(eq(addresses.customerId, customerId), eq(defaultColumn[kind], true)));
  }

  return {
    list: (customerId: number) => listAddresses(db, customerId),

    get: async (customerId: number, addressId: number | string) =>
      toAddress(await findOwn(db, customerId, addressId)),

    async create(customerId: number, input: AddressInput): Promise<Address> {
      const { isDefaultShipping, isDefaultBilling, ...fields } = parseInput(addressInput, input);
      return db.transaction(async (tx) => {
        await lockCustomer(tx, customerId);
        const [{ n } = { n: 0 }] = await tx
          .select({ n: count() })
          .from(addresses)
          .where(eq(addresses.customerId, customerId));
        if (n >= MAX_ADDRESSES) throw addressLimit(MAX_ADDRESSES);
        const shipping = n === 0 || isDefaultShipping;
        const billing = n === 0 || isDefaultBilling;
        if (shipping) await clearDefault(tx, customerId, 'shipping');
        if (billing) await clearDefault(tx, customerId, 'billing');
        const at = now();
        const [row] = await tx
          .insert(addresses)
          .values({
            customerId,
            ...fields,
            isDefaultShipping: shipping,
            isDefaultBilling: billing,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        return toAddress(row!);
      });
    },

    /** Replaces the address's fields; a default flag that is set moves the default here (never unsets it). */
    async update(customerId: number, addressId: number | string, input: AddressInput): Promise<Address> {
      const { isDefaultShipping, isDefaultBilling, ...fields } = parseInput(addressInput, input);
      return db.transaction(async (tx) => {
        await lockCustomer(tx, customerId);
        const current = await findOwn(tx, customerId, addressId);
        const shipping = current.isDefaultShipping || isDefaultShipping;
        const billing = current.isDefaultBilling || isDefaultBilling;
        if (shipping && !current.isDefaultShipping) await clearDefault(tx, customerId, 'shipping');
        if (billing && !current.isDefaultBilling) await clearDefault(tx, customerId, 'billing');
        const [row] = await tx
          .update(addresses)
          .set({ ...fields, isDefaultShipping: shipping, isDefaultBilling: billing, updatedAt: now() })
          .where(eq(addresses.id, current.id))
          .returning();
        return toAddress(row!);
      });
    },

    async setDefault(customerId: number, addressId: number | string, kind: DefaultKind): Promise<Address> {
      return db.transaction(async (tx) => {
        await lockCustomer(tx, customerId);
        const current = await findOwn(tx, customerId, addressId);
        if (current[defaultField[kind]]) return toAddress(current);
        await clearDefault(tx, customerId, kind);
        const [row] = await tx
          .update(addresses)
          .set({ [defaultField[kind]]: true, updatedAt: now() })
          .where(eq(addresses.id, current.id))
          .returning();
        return toAddress(row!);
      });
    },

    async remove(customerId: number, addressId: number | string): Promise<void> {
      await db.transaction(async (tx) => {
        await lockCustomer(tx, customerId);
        const current = await findOwn(tx, customerId, addressId);
        await tx.delete(addresses).where(eq(addresses.id, current.id));
        if (!current.isDefaultShipping && !current.isDefaultBilling) return;
        const [heir] = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(eq(addresses.customerId, customerId))
          .orderBy(desc(addresses.id))
          .limit(1);
        if (!heir) return;
        await tx
          .update(addresses)
          .set({
            ...(current.isDefaultShipping ? { isDefaultShipping: true } : {}),
            ...(current.isDefaultBilling ? { isDefaultBilling: true } : {}),
          })
          .where(eq(addresses.id, heir.id));
      });
    },
  };
}

export type AddressBook = ReturnType<typeof createAddressBook>;
