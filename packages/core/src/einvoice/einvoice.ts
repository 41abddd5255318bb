import { DomainError } from '../errors.ts';
import type { InvoiceLine } from './lines.ts';

/**
 * An integrator that issues the shop's e-invoices (issue 42): Paraşüt first; later a raw UBL-TR 1.2 adapter.
 * The order side (which order, when, the durable job that calls the provider and stores its progress) is the
 * shop's; an adapter only speaks its integrator's API. Not wired to orders yet.
 *
 * Issuing is resumable step by step — contact, products, invoice, payment, document, job, pdf — and every
 * step looks up before it creates (the contact by tax number, a product by code, the invoice by the order
 * number it carries), so a step repeated after a timeout or an outage never makes a second record. Each
 * step's result is returned in `InvoiceProgress`, which the job stores and hands back to go on from there.
 */
export type EInvoiceProviderName = 'parasut';

/** The buyer as the invoice names them. */
export interface InvoiceBuyer {
  /** A person (TCKN, 11 digits) or a company (VKN, 10 digits, with its tax office). */
  kind: 'person' | 'company';
  /** The person's full name or the company's title (unvan). */
  name: string;
  /** TCKN for a person (11111111111 when the shopper gave none, as the law allows), VKN for a company. */
  taxNumber: string;
  /** Vergi dairesi: required for a company. */
  taxOffice?: string;
  email: string;
  phone?: string;
  /** İl. */
  city: string;
  /** İlçe. */
  district: string;
  address: string;
  postalCode?: string;
}

/** How the shopper paid, as an e-Arşiv's internet-sale data names it. */
export type InvoicePaymentType = 'card' | 'transfer' | 'cod' | 'intermediary';

export interface InvoiceRequest {
  /** The shop's order number: the invoice carries it and is found again by it. */
  orderNumber: string;
  orderDate: Date;
  /** The invoice date (today when the job runs). */
  issueDate: Date;
  buyer: InvoiceBuyer;
  /** From `invoiceLines(order)`: net of VAT, checked to come to `totalMinor`. */
  lines: InvoiceLine[];
  /** What the shopper pays, kuruş: the integrator's total must be exactly this. */
  totalMinor: number;
  payment: {
    type: InvoicePaymentType;
    /** The payment platform (iyzico, PayTR) for a card payment. */
    platform?: string;
    /** When the money was received; cash on delivery: not yet (no payment recorded). */
    date?: Date;
  };
  /** The shop's web address (the e-Arşiv's internet-sale `url`). */
  shopUrl: string;
}

export type InvoiceStep = 'contact' | 'products' | 'invoice' | 'payment' | 'document' | 'job' | 'pdf';

export const INVOICE_STEPS: readonly InvoiceStep[] = [
  'contact',
  'products',
  'invoice',
  'payment',
  'document',
  'job',
  'pdf',
];

export type EDocumentType = 'e_archive' | 'e_invoice';

/** What issuing has done so far: stored by the shop's job after every step, handed back to resume. */
export interface InvoiceProgress {
  contactId?: string;
  /** The integrator's product id for each line code. */
  productIds?: Record<string, string>;
  invoiceId?: string;
  /** The payment recorded (or none owed yet: cash on delivery). */
  paid?: boolean;
  paymentId?: string;
  documentType?: EDocumentType;
  /** The e-Fatura's recipient alias (`urn:mail:…`). */
  inboxAlias?: string;
  jobId?: string;
  documentId?: string;
  /** The GİB invoice number (`ABC2026000000001`). */
  invoiceNumber?: string;
  /** The PDF's link at the integrator: not for customers, good for about an hour. */
  pdfUrl?: string;
  pdfExpiresAt?: string;
  /** The last step done. */
  step?: InvoiceStep;
  /** Set once the order is cancelled or refunded after its document was issued. */
  reversal?: InvoiceReversal;
}

/**
 * What undoes an issued invoice: `cancel`, an e-Arşiv cancelled at the integrator on the day it was issued;
 * `return`, a return (iade) document for a later day; `note`, an e-Fatura, which the law lets only the buyer
 * reject or return by their own invoice, so the owner is told to see their accountant (nothing is called).
 */
export type ReversalKind = 'cancel' | 'return' | 'note';

export interface InvoiceReversal {
  /** Why: the order was cancelled, or its payment refunded in full. */
  reason: 'cancelled' | 'refunded';
  requestedAt: string;
  /** Decided at the first try (the day then against the day the document was issued), kept for retries. */
  kind?: ReversalKind;
  done?: boolean;
  /** The return document at the integrator, once made. */
  billId?: string;
  billNumber?: string;
}

export interface IssuedInvoice {
  invoiceId: string;
  documentType: EDocumentType;
  documentId: string;
  invoiceNumber: string;
  pdfUrl: string;
  pdfExpiresAt: string;
}

export interface EInvoiceProvider {
  readonly name: EInvoiceProviderName;
  /**
   * Does the next step after `progress` and answers the progress after it (`done` once the PDF is known;
   * `waiting` when the document job was read and is still running, nothing changed).
   */
  step(
    request: InvoiceRequest,
    progress: InvoiceProgress,
  ): Promise<{ progress: InvoiceProgress; done: boolean; waiting?: boolean }>;
  /**
   * Every remaining step in turn, `onStep` told after each (the job stores it); waits a while on a running
   * document job, then answers FATURA_ISLENIYOR (retryable) with the progress kept by `onStep`.
   */
  issue(
    request: InvoiceRequest,
    progress?: InvoiceProgress,
    onStep?: (progress: InvoiceProgress) => Promise<void> | void,
  ): Promise<IssuedInvoice>;
  /** A fresh PDF link of an issued document (the last one has expired). */
  pdf(documentType: EDocumentType, documentId: string): Promise<{ url: string; expiresAt: string }>;
  /** Cancels the issued invoice and its e-Arşiv; a cancelled one is left as it is (asking again is safe). */
  cancel(progress: InvoiceProgress): Promise<void>;
  /**
   * The return (iade) document of the whole sale: found again by the order number before one is made, so
   * asking again never makes a second.
   */
  refund(request: InvoiceRequest, progress: InvoiceProgress): Promise<{ billId: string; billNumber: string }>;
}

/** The e-invoice error codes; messages in Turkish, shown in the panel as they are. */
export type EInvoiceErrorCode =
  /** The integrator did not answer, answered 5xx, or took too long: try again later. */
  | 'FATURA_ULASILAMIYOR'
  /** The integrator throttles us (429): try again after Retry-After. */
  | 'FATURA_YOGUN'
  /** The integrator refused our keys (401/403) even after a new token. */
  | 'FATURA_YETKI_YOK'
  /** The integrator refused the record (422): its own words in the message. */
  | 'FATURA_REDDEDILDI'
  /** The lines do not come to the order's total, or the integrator's total differs from it. */
  | 'FATURA_TUTAR_TUTMUYOR'
  /** The buyer's details cannot make an invoice (a TCKN of 10 digits, a company without a tax office). */
  | 'FATURA_BILGI_EKSIK'
  /** The document is still being made (a running job, a PDF not ready): try again shortly. */
  | 'FATURA_ISLENIYOR'
  /** No bank account at the integrator to record the payment in. */
  | 'FATURA_HESAP_YOK'
  /** No such record at the integrator. */
  | 'FATURA_BULUNAMADI';

const STATUS: Record<EInvoiceErrorCode, number> = {
  FATURA_ULASILAMIYOR: 503,
  FATURA_YOGUN: 503,
  FATURA_YETKI_YOK: 502,
  FATURA_REDDEDILDI: 422,
  FATURA_TUTAR_TUTMUYOR: 422,
  FATURA_BILGI_EKSIK: 422,
  FATURA_ISLENIYOR: 503,
  FATURA_HESAP_YOK: 422,
  FATURA_BULUNAMADI: 404,
};

export function einvoiceError(
  code: EInvoiceErrorCode,
  message: string,
  options: { cause?: unknown; retryAt?: Date } = {},
): DomainError<EInvoiceErrorCode> {
  return new DomainError(STATUS[code], code, message, undefined, options);
}

/** Whether a failed step may be tried again later as it is (the durable job's retry with back-off). */
export const isRetryableEInvoiceError = (err: unknown): boolean =>
  err instanceof DomainError &&
  (err.code === 'FATURA_ULASILAMIYOR' || err.code === 'FATURA_YOGUN' || err.code === 'FATURA_ISLENIYOR');

/** Whether `value` is a valid TCKN (11 digits, the two check digits). */
export function isTckn(value: string): boolean {
  if (!/^[1-9]\d{10}$/.test(value)) return false;
  const d = [...value].map(Number);
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  const eleventh = d.slice(0, 10).reduce((a, x) => a + x, 0) % 10;
  return d[9] === tenth && d[10] === eleventh;
}

/** Whether `value` is a valid VKN (10 digits, GİB's check digit). */
export function isVkn(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const d = [...value].map(Number);
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const tmp = (d[i]! + 9 - i) % 10;
    let v = (tmp * 2 ** (9 - i)) % 9;
    if (tmp !== 0 && v === 0) v = 9;
    sum += v;
  }
  return (10 - (sum % 10)) % 10 === d[9];
}

/** Refuses a buyer no invoice can name (digits of the wrong length, a company with no tax office). */
export function checkBuyer(buyer: InvoiceBuyer): void {
  const tax = buyer.taxNumber.trim();
  if (!buyer.name.trim()) throw einvoiceError('FATURA_BILGI_EKSIK', 'Faturada alıcının adı zorunludur.');
  if (buyer.kind === 'person' && !/^\d{11}$/.test(tax))
    throw einvoiceError(
      'FATURA_BILGI_EKSIK',
      `Bireysel alıcının T.C. kimlik numarası 11 haneli olmalıdır: "${tax}".`,
    );
  if (buyer.kind === 'company') {
    if (!/^\d{10}$/.test(tax))
      throw einvoiceError(
        'FATURA_BILGI_EKSIK',
        `Kurumsal alıcının vergi kimlik numarası 10 haneli olmalıdır: "${tax}".`,
      );
    if (!buyer.taxOffice?.trim())
      throw einvoiceError('FATURA_BILGI_EKSIK', 'Kurumsal alıcının vergi dairesi zorunludur.');
  }
  if (!buyer.city.trim() || !buyer.district.trim() || !buyer.address.trim())
    throw einvoiceError('FATURA_BILGI_EKSIK', 'Fatura adresinde il, ilçe ve açık adres zorunludur.');
}
