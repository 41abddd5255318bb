import { DomainError } from '../errors.ts';

/**
 * An order's money as invoice lines net of VAT (issue 42), pure arithmetic.
 *
 * The shop keeps prices VAT included; an e-invoice lists each line net of VAT with its rate, and the
 * integrator computes the rest. Paraşüt's API reference (https://apidocs.parasut.com, "Satış Faturası":
 * `sales_invoice_details` with `quantity`, `unit_price`, `vat_rate`, `discount_type`/`discount_value`, and the
 * read-only `net_total`, `gross_total`, `total_vat` of the invoice) says what it takes and answers, not how it
 * rounds: it names no rounding rule for a line's VAT or for the totals. So we compute as the UBL-TR invoice
 * Paraşüt sends does, where each line carries its own VAT amount (TaxAmount) in kuruş and the totals are the
 * sums of the lines: a line's net = quantity × unit price − its discount, VAT = net × rate rounded half up to
 * the kuruş on the line, the invoice's total = Σ (net + VAT), never VAT of a rate's summed base. (Paraşüt's
 * `net_total` is that total, its `gross_total` the sum before VAT.) Since the rule is ours, not documented,
 * the adapter checks the total Paraşüt answers against the order's before any e-document is made, and stops
 * with FATURA_TUTAR_TUTMUYOR on a kuruş of difference. The lines are made from each line's VAT-included
 * target and checked by the same computation; lines whose total differs from the order's by even a kuruş are
 * refused, never sent.
 *
 * - A coupon (order-level discount) is spread over the goods lines in proportion to what each costs, so each
 *   VAT rate bears its share (the law's treatment of a discount: it lowers each rate's base), kuruş left over
 *   going to the largest remainders; it shows as each line's discount (iskonto), never as a negative line.
 * - An instalment difference (vade farkı) follows the goods it is paid for: spread over the rates in
 *   proportion to the goods' total after the discount, one line per rate.
 * - Shipping and the cash-on-delivery fee are service lines at their own rate (20 % unless given).
 * - A VAT-included target a rate cannot reach exactly (at 20 %, net N gives N + round(N/5): one kuruş value
 *   in six has no N) takes the nearest reachable one and hands the kuruş on to the next line; a kuruş left
 *   at the end is moved to a line that can take it, else a line of several units is split in two (all but
 *   one unit, and one). A lone unit no net amount reaches is refused: the owner invoices it by hand.
 */

/** A line of the order as sold: VAT included, kuruş. */
export interface OrderLineForInvoice {
  /** The product's code at the integrator (the SKU). */
  sku: string;
  name: string;
  quantity: number;
  /** One unit's price, VAT included, kuruş. */
  unitGrossMinor: number;
  /** 0, 1, 10 or 20. */
  vatRate: number;
  /** A discount on this line alone, VAT included, kuruş (a free gift: the whole line). */
  discountMinor?: number;
}

export interface OrderForInvoice {
  lines: OrderLineForInvoice[];
  /** The coupon's discount over the whole order, VAT included, kuruş. */
  discountMinor?: number;
  shippingMinor?: number;
  shippingVatRate?: number;
  codFeeMinor?: number;
  codFeeVatRate?: number;
  /** What paying in instalments added (vade farkı), VAT included, kuruş. */
  instalmentFeeMinor?: number;
  /** What the shopper pays, kuruş: the lines must come to exactly this. */
  totalMinor: number;
}

/** Codes of the service lines' products at the integrator. */
export const SERVICE_CODES = {
  shipping: 'VITRIN-KARGO',
  codFee: 'VITRIN-KAPIDA-ODEME',
  instalmentFee: 'VITRIN-VADE-FARKI',
} as const;

/** A line as the integrator takes it: net of VAT, kuruş; `netMinor`, `vatMinor`, `grossMinor` as it computes. */
export interface InvoiceLine {
  code: string;
  name: string;
  quantity: number;
  /** One unit net of VAT, kuruş. */
  unitPriceMinor: number;
  /** The line's discount (amount), net of VAT, kuruş. */
  discountMinor: number;
  vatRate: number;
  /** quantity × unit price − discount. */
  netMinor: number;
  vatMinor: number;
  grossMinor: number;
}

export const VAT_RATES = [0, 1, 10, 20] as const;

/** The VAT of a net amount at a rate, as the invoice computes it: rounded half up to the kuruş. */
export const vatOf = (netMinor: number, rate: number) => Math.floor((netMinor * rate + 50) / 100);

/** The invoice's totals computed line by line (what the integrator answers). */
export function invoiceTotals(
  lines: readonly Pick<InvoiceLine, 'quantity' | 'unitPriceMinor' | 'discountMinor' | 'vatRate'>[],
) {
  let net = 0;
  let vat = 0;
  const byRate = new Map<number, { netMinor: number; vatMinor: number }>();
  for (const l of lines) {
    const n = l.quantity * l.unitPriceMinor - l.discountMinor;
    const v = vatOf(n, l.vatRate);
    net += n;
    vat += v;
    const r = byRate.get(l.vatRate) ?? { netMinor: 0, vatMinor: 0 };
    r.netMinor += n;
    r.vatMinor += v;
    byRate.set(l.vatRate, r);
  }
  return { netMinor: net, vatMinor: vat, grossMinor: net + vat, byRate };
}

const invalid = (message: string) => new DomainError(422, 'FATURA_TUTAR_TUTMUYOR', message);

/** The net amount whose VAT-included total is `gross` at `rate`, or null when no net amount gives it. */
export function netFor(grossMinor: number, rate: number): number | null {
  const guess = Math.round((grossMinor * 100) / (100 + rate));
  for (const n of [guess, guess - 1, guess + 1, guess - 2, guess + 2])
    if (n >= 0 && n + vatOf(n, rate) === grossMinor) return n;
  return null;
}

/** Splits `amount` over `weights` in proportion, whole kuruş, the remainder to the largest fractions. */
export function spread(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, w) => a + w, 0);
  if (total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((a, p) => a + p, 0);
  const order = exact
    .map((e, i) => ({ i, frac: e - Math.floor(e) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left--;
  }
  return parts;
}

interface Target {
  code: string;
  name: string;
  quantity: number;
  vatRate: number;
  /** What one unit costs before any discount, VAT included (for the unit price shown). */
  unitGrossMinor: number;
  /** What the line must come to, VAT included. */
  grossMinor: number;
}

const isWhole = (n: number) => Number.isInteger(n) && n >= 0;

/**
 * The invoice lines of an order, checked: their total computed as the integrator does equals
 * `order.totalMinor` to the kuruş, or FATURA_TUTAR_TUTMUYOR (422) says by how much it does not.
 */
export function invoiceLines(order: OrderForInvoice): InvoiceLine[] {
  const shippingRate = order.shippingVatRate ?? 20;
  const codRate = order.codFeeVatRate ?? 20;
  for (const l of order.lines) {
    if (!l.sku.trim())
      throw invalid(`"${l.name}" satırının stok kodu (SKU) yok; faturada ürün kodu zorunludur.`);
    if (!(Number.isInteger(l.quantity) && l.quantity > 0))
      throw invalid(`"${l.name}" satırının adedi geçersiz: ${l.quantity}.`);
    if (!isWhole(l.unitGrossMinor) || !isWhole(l.discountMinor ?? 0))
      throw invalid(`"${l.name}" satırının tutarı kuruş olarak tam sayı olmalıdır.`);
    if ((l.discountMinor ?? 0) > l.quantity * l.unitGrossMinor)
      throw invalid(`"${l.name}" satırının indirimi satır tutarından büyük.`);
  }
  for (const rate of [...order.lines.map((l) => l.vatRate), shippingRate, codRate])
    if (!(VAT_RATES as readonly number[]).includes(rate))
      throw invalid(`KDV oranı %${rate} desteklenmiyor; %0, %1, %10 ya da %20 olmalıdır.`);
  const coupon = order.discountMinor ?? 0;
  const fees = [order.shippingMinor ?? 0, order.codFeeMinor ?? 0, order.instalmentFeeMinor ?? 0];
  if (![coupon, ...fees, order.totalMinor].every(isWhole))
    throw invalid('Sipariş tutarları kuruş olarak sıfır ya da pozitif tam sayı olmalıdır.');

  // Goods after their own discounts, then the coupon spread over them by what each costs.
  const afterOwn = order.lines.map((l) => l.quantity * l.unitGrossMinor - (l.discountMinor ?? 0));
  const goodsTotal = afterOwn.reduce((a, g) => a + g, 0);
  if (coupon > goodsTotal) throw invalid('Kupon indirimi ürünlerin toplamından büyük olamaz.');
  const couponShares = spread(coupon, afterOwn);
  const targets: Target[] = order.lines.map((l, i) => ({
    code: l.sku.trim(),
    name: l.name,
    quantity: l.quantity,
    vatRate: l.vatRate,
    unitGrossMinor: l.unitGrossMinor,
    grossMinor: afterOwn[i]! - couponShares[i]!,
  }));

  // The instalment difference over the rates, by the goods' total after the discount at each rate.
  const instalment = order.instalmentFeeMinor ?? 0;
  if (instalment > 0) {
    const rates = [...new Set(targets.map((t) => t.vatRate))].sort((a, b) => b - a);
    const weights = rates.map((r) =>
      targets.filter((t) => t.vatRate === r).reduce((a, t) => a + t.grossMinor, 0),
    );
    const shares = spread(instalment, weights.some((w) => w > 0) ? weights : rates.map(() => 1));
    rates.forEach((rate, i) => {
      if (shares[i]! > 0)
        targets.push({
          code: SERVICE_CODES.instalmentFee,
          name: rates.length > 1 ? `Vade farkı (%${rate} KDV)` : 'Vade farkı',
          quantity: 1,
          vatRate: rate,
          unitGrossMinor: shares[i]!,
          grossMinor: shares[i]!,
        });
    });
  }
  const service = (code: string, name: string, amount: number, rate: number) => {
    if (amount > 0)
      targets.push({ code, name, quantity: 1, vatRate: rate, unitGrossMinor: amount, grossMinor: amount });
  };
  service(SERVICE_CODES.shipping, 'Kargo ücreti', order.shippingMinor ?? 0, shippingRate);
  service(SERVICE_CODES.codFee, 'Kapıda ödeme hizmet bedeli', order.codFeeMinor ?? 0, codRate);

  const expected = goodsTotal - coupon + fees.reduce((a, f) => a + f, 0);
  if (expected !== order.totalMinor)
    throw invalid(
      `Sipariş toplamı (${lira(order.totalMinor)}) satırların, indirimin ve ücretlerin toplamını (${lira(expected)}) tutmuyor.`,
    );

  // Each target's net amount; a target no net amount reaches hands its kuruş on.
  const nets: number[] = [];
  let carry = 0;
  for (const t of targets) {
    const want = t.grossMinor + carry;
    const exact = want >= 0 ? netFor(want, t.vatRate) : null;
    // One kuruş less is always reachable when the exact amount is not (a step is at most 2 kuruş).
    const n = exact ?? netFor(Math.max(0, want - 1), t.vatRate) ?? 0;
    nets.push(n);
    carry = want - (n + vatOf(n, t.vatRate));
  }
  if (carry !== 0 && !shift(targets, nets, carry)) split(targets, nets, carry);

  const lines = targets.map((t, i) => lineOf(t, nets[i]!));
  const totals = invoiceTotals(lines);
  if (totals.grossMinor !== order.totalMinor)
    throw invalid(
      `Fatura satırları siparişin toplamını kuruşu kuruşuna tutturamıyor (${lira(totals.grossMinor)} ≠ ${lira(order.totalMinor)}); faturayı elle düzenleyin.`,
    );
  return lines;
}

const grossOf = (t: Target, net: number) => net + vatOf(net, t.vatRate);

/** Moves the last kuruş (`carry`) onto a line whose total can take it; false when none can. */
function shift(targets: Target[], nets: number[], carry: number): boolean {
  for (let j = targets.length - 1; j >= 0; j--) {
    const current = grossOf(targets[j]!, nets[j]!);
    const n = current + carry > 0 ? netFor(current + carry, targets[j]!.vatRate) : null;
    if (n !== null) {
      nets[j] = n;
      return true;
    }
  }
  return false;
}

/**
 * Splits a line of several units into two (all but one, and one) whose totals, each reachable, come to the
 * line's total and `carry`; leaves the lines as they are when no line has two units (the check refuses).
 */
function split(targets: Target[], nets: number[], carry: number): void {
  for (let j = targets.length - 1; j >= 0; j--) {
    const t = targets[j]!;
    if (t.quantity < 2) continue;
    const want = grossOf(t, nets[j]!) + carry;
    const unit = Math.round(want / t.quantity);
    for (const x of [unit, unit - 1, unit + 1, unit - 2, unit + 2, unit - 3, unit + 3]) {
      if (x < 0 || want - x < 0) continue;
      const one = netFor(x, t.vatRate);
      const rest = netFor(want - x, t.vatRate);
      if (one === null || rest === null) continue;
      targets.splice(
        j,
        1,
        { ...t, quantity: t.quantity - 1, grossMinor: want - x },
        { ...t, quantity: 1, grossMinor: x },
      );
      nets.splice(j, 1, rest, one);
      return;
    }
  }
}

/** The unit price shown (net of the unit's VAT-included price), and the discount making the line's net `net`. */
function lineOf(t: Target, net: number): InvoiceLine {
  const listUnit = Math.round((t.unitGrossMinor * 100) / (100 + t.vatRate));
  const unit = Math.max(listUnit, Math.ceil(net / t.quantity));
  const discount = t.quantity * unit - net;
  const vat = vatOf(net, t.vatRate);
  return {
    code: t.code,
    name: t.name,
    quantity: t.quantity,
    unitPriceMinor: unit,
    discountMinor: discount,
    vatRate: t.vatRate,
    netMinor: net,
    vatMinor: vat,
    grossMinor: net + vat,
  };
}

/** `1.234,56 TL`. */
export const lira = (minor: number) =>
  `${(minor / 100).toLocaleString('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} TL`;
