import { describe, expect, it } from 'vitest';
import { SortedSlots } from './sorted-slots.ts';

/** Slots sorted by a price table, ties broken by slot number (the index never compares two slots as equal). */
const prices = [500, 100, 300, 100, 900, 200];
const byPrice = (a: number, b: number) => prices[a]! - prices[b]! || a - b;

describe('SortedSlots: a listing order kept as products change', () => {
  it('starts sorted by the given order', () => {
    const slots = new SortedSlots(byPrice, [0, 1, 2, 3, 4, 5]);
    expect([...slots.view()]).toEqual([1, 3, 5, 2, 0, 4]);
    expect(slots.length).toBe(6);
  });

  it('moves a product whose price changed to its new place by a remove and an insert', () => {
    const slots = new SortedSlots(byPrice, [0, 1, 2, 3, 4, 5]);
    expect(slots.remove(4)).toBe(true);
    prices[4] = 150;
    slots.insert(4);
    expect([...slots.view()]).toEqual([1, 3, 4, 5, 2, 0]);
    prices[4] = 900;
  });

  it('answers false for a slot that is not in, changing nothing', () => {
    const slots = new SortedSlots(byPrice, [0, 1]);
    expect(slots.remove(5)).toBe(false);
    expect([...slots.view()]).toEqual([1, 0]);
  });

  it('grows past its first capacity and stays sorted', () => {
    const many = Array.from({ length: 40 }, (_, i) => (i * 7) % 40);
    const slots = new SortedSlots((a, b) => a - b, many.slice(0, 10));
    for (const slot of many.slice(10)) slots.insert(slot);
    expect([...slots.view()]).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('takes slots already in order as they are, and refuses slots out of order', () => {
    const order = (a: number, b: number) => a - b;
    const taken = SortedSlots.ofSorted(order, Int32Array.from([1, 3, 5]));
    expect([...taken!.view()]).toEqual([1, 3, 5]);
    taken!.insert(4);
    expect([...taken!.view()]).toEqual([1, 3, 4, 5]);
    expect(SortedSlots.ofSorted(order, Int32Array.from([1, 5, 3]))).toBeNull();
    // Two equal slots are not an order either (the index never compares two slots as equal).
    expect(SortedSlots.ofSorted(order, Int32Array.from([2, 2]))).toBeNull();
  });

  it('sorts first with a quicker comparison of the same order, then keeps the order with its own', () => {
    const names = ['kupa', 'kupalar', 'vazo', 'kase', 'kupa seti'];
    const byName = (a: number, b: number) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : a - b);
    // The first letter as a number, the names only on a tie (as the name order sorts by keys' first bytes).
    const first = names.map((name) => name.charCodeAt(0));
    const slots = new SortedSlots(byName, [0, 1, 2, 3], (a, b) => first[a]! - first[b]! || byName(a, b));
    expect([...slots.view()].map((slot) => names[slot])).toEqual(['kase', 'kupa', 'kupalar', 'vazo']);
    slots.insert(4);
    expect([...slots.view()].map((slot) => names[slot])).toEqual([
      'kase',
      'kupa',
      'kupa seti',
      'kupalar',
      'vazo',
    ]);
  });
});
