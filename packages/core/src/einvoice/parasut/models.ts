/**
 * The parts of Paraşüt's API v4 (apidocs.parasut.com, its OpenAPI 2.0 document) that the adapter reads and
 * sends: JSON:API documents (`{ data: { id, type, attributes, relationships } }`, `included` for what
 * `include=` asks), refusals as `{ errors: [{ title, detail }] }`. Decimals may come as numbers or strings.
 * Note Paraşüt's names: a sales invoice's `net_total` is the total VAT included (Genel Toplam), its
 * `gross_total` the sum before VAT (Ara toplam). The stand-in of the tests answers the same shapes.
 */

export type Decimal = number | string;

export interface Ref<T extends string = string> {
  id: string;
  type: T;
}

export interface Resource<T extends string, A> {
  id: string;
  type: T;
  attributes: A;
  relationships?: Record<string, { data?: Ref | Ref[] | null }>;
}

export interface Document<D> {
  data: D;
  included?: Resource<string, Record<string, unknown>>[];
  meta?: { total_count?: number; current_page?: number; total_pages?: number };
}

/** A JSON:API refusal (422 and others). */
export interface ParasutErrors {
  errors?: { title?: string; detail?: string; source?: { pointer?: string } }[];
  /** The token endpoint's OAuth2 refusal. */
  error?: string;
  error_description?: string;
}

/** `POST /oauth/token` (password or refresh_token grant). */
export interface ParasutToken {
  access_token: string;
  token_type: string;
  /** Seconds (7200). */
  expires_in: number;
  refresh_token: string;
  created_at?: number;
}

export interface ContactAttributes {
  name: string;
  email?: string;
  contact_type?: 'person' | 'company';
  /** TCKN of a person, VKN of a company. */
  tax_number?: string;
  tax_office?: string;
  city?: string;
  district?: string;
  address?: string;
  phone?: string;
  postal_code?: string;
  country?: string;
  is_abroad?: boolean;
  account_type: 'customer' | 'supplier';
}

export interface ProductAttributes {
  code?: string;
  name: string;
  vat_rate?: Decimal;
  unit?: string;
  list_price?: Decimal;
  currency?: 'TRL' | 'USD' | 'EUR' | 'GBP';
  inventory_tracking?: boolean;
}

export interface SalesInvoiceDetailAttributes {
  quantity: Decimal;
  unit_price: Decimal;
  vat_rate: Decimal;
  discount_type?: 'percentage' | 'amount';
  discount_value?: Decimal;
  description?: string;
  /** Read only: the line net of VAT after its discount. */
  net_total?: Decimal;
}

export interface SalesInvoiceAttributes {
  item_type: 'invoice' | 'export' | 'estimate' | 'cancelled' | 'refund';
  description?: string;
  issue_date: string;
  due_date?: string;
  invoice_series?: string;
  invoice_id?: number;
  currency?: 'TRL' | 'USD' | 'EUR' | 'GBP';
  billing_address?: string;
  billing_phone?: string;
  tax_office?: string;
  tax_number?: string;
  city?: string;
  district?: string;
  country?: string;
  is_abroad?: boolean;
  /** The order number: printed on the e-document, and how the adapter finds the invoice again. */
  order_no?: string;
  order_date?: string;
  cash_sale?: boolean;
  /** Read only: Paraşüt's invoice number (series and sequence). */
  invoice_no?: string;
  /** Read only: total VAT included (Genel Toplam). */
  net_total?: Decimal;
  /** Read only: total before VAT (Ara toplam). */
  gross_total?: Decimal;
  total_vat?: Decimal;
  total_discount?: Decimal;
  remaining?: Decimal;
  payment_status?: 'paid' | 'overdue' | 'unpaid' | 'partially_paid';
}

/**
 * A purchase-side bill (`purchase_bills`); `item_type: refund` is Paraşüt's return (iade) document of goods
 * a customer sent back, made from the sale's lines (apidocs.parasut.com, "Fiş / Fatura": item_type
 * `purchase_bill`, `cancelled`, `recurring_purchase_bill`, `refund`).
 */
export interface PurchaseBillAttributes {
  item_type: 'purchase_bill' | 'cancelled' | 'recurring_purchase_bill' | 'refund';
  description?: string;
  issue_date: string;
  due_date?: string;
  invoice_no?: string;
  currency?: 'TRL' | 'USD' | 'EUR' | 'GBP';
  /** Read only: total VAT included. */
  net_total?: Decimal;
  gross_total?: Decimal;
  total_vat?: Decimal;
}

export interface AccountAttributes {
  name: string;
  account_type?: 'cash' | 'bank' | 'sys';
  currency?: 'TRL' | 'USD' | 'EUR' | 'GBP';
  archived?: boolean;
}

export interface PaymentAttributes {
  description?: string;
  account_id?: number | string;
  date?: string;
  amount?: Decimal;
  exchange_rate?: Decimal;
}

export interface EInvoiceInboxAttributes {
  vkn?: string;
  e_invoice_address?: string;
  name?: string;
  inbox_type?: string;
}

/** The internet-sale data of an e-Arşiv (Law 509: a sale made online). */
export interface InternetSale {
  url: string;
  payment_type: 'KREDIKARTI/BANKAKARTI' | 'EFT/HAVALE' | 'KAPIDAODEME' | 'ODEMEARACISI' | 'DIGER';
  payment_platform: string;
  /** YYYY-MM-DD. */
  payment_date: string;
}

export interface EArchiveAttributes {
  internet_sale?: InternetSale;
  note?: string;
  vat_exemption_reason_code?: string;
  /** Read only. */
  uuid?: string;
  invoice_number?: string;
  status?: string;
}

export interface EInvoiceAttributes {
  scenario?: 'basic' | 'commercial';
  /** The recipient's alias (`urn:mail:defaultpk@…`). */
  to?: string;
  note?: string;
  /** Read only. */
  uuid?: string;
  invoice_number?: string;
  status?: string;
}

export interface TrackableJobAttributes {
  status?: 'running' | 'done' | 'error';
  errors?: string[];
}

export interface EDocumentPdfAttributes {
  url?: string;
  expires_at?: string;
}
