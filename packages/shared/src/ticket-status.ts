/**
 * Support ticket statuses: the label a customer reads, the badge colour, and who moves a ticket where.
 * One table; `support/service.ts` in core obeys it for every change.
 *
 * A customer's message makes a ticket open (a reply to a closed ticket reopens it: the customer is never
 * stuck with a closed thread), the shop's makes it answered, and only the customer closes it. The shop
 * cannot answer a closed ticket: the customer ended the conversation. Staff close a ticket too, and open a
 * closed one again before answering it.
 */
export const TICKET_STATUSES = {
  open: { label: 'Açık', badge: 'warning' },
  answered: { label: 'Yanıtlandı', badge: 'success' },
  closed: { label: 'Kapandı', badge: 'dark' },
} as const;

export type TicketStatus = keyof typeof TICKET_STATUSES;
export type TicketBadge = (typeof TICKET_STATUSES)[TicketStatus]['badge'];

/** Each event: the statuses it may start from and the status it leaves. */
export const TICKET_EVENTS = {
  customerReply: { from: ['open', 'answered', 'closed'], to: 'open' },
  shopReply: { from: ['open', 'answered'], to: 'answered' },
  close: { from: ['open', 'answered'], to: 'closed' },
  /** Staff open a closed ticket again (the panel), e.g. when the customer writes about it elsewhere. */
  reopen: { from: ['closed'], to: 'open' },
} as const satisfies Record<string, { from: readonly TicketStatus[]; to: TicketStatus }>;

export type TicketEvent = keyof typeof TICKET_EVENTS;

export function canApply(event: TicketEvent, status: TicketStatus): boolean {
  return (TICKET_EVENTS[event].from as readonly TicketStatus[]).includes(status);
}

/** Attachments: at most 5 MB, JPEG, PNG, WebP or PDF (recognised by content). */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
/** What the file input offers (the server decides by the bytes anyway). */
export const ATTACHMENT_ACCEPT = '.jpg,.jpeg,.png,.webp,.pdf,image/jpeg,image/png,image/webp,application/pdf';
