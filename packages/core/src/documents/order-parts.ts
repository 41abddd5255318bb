import type { OrderAddress, orderItems } from '../db/schema.ts';

export type OrderLine = typeof orderItems.$inferSelect;

/** An address's lines on a document: the street, district / province, postcode. */
export function addressLines(a: OrderAddress): string[] {
  return [a.line, `${a.district} / ${a.province}`, ...(a.postcode ? [a.postcode] : [])];
}

/** A line's options as the customer chose them (`Renk: Mavi`, a personalization's fields). */
export function lineOptions(line: OrderLine): string[] {
  return [
    ...Object.entries(line.options).map(([k, v]) => `${k}: ${v}`),
    ...Object.entries(line.personalization?.fields ?? {}).map(([k, v]) => `${k}: ${v}`),
  ];
}
