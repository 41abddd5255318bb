import { canApply, TICKET_EVENTS } from '@vitrin/shared/ticket-status';
import { describe, expect, it } from 'vitest';
import { attachmentTypeOf, cleanFileName } from './attachments.ts';
import { newTicketNo } from './ticket-number.ts';

describe('ticket attachments', () => {
  it('recognises JPEG, PNG, WebP and PDF by their first bytes', () => {
    expect(attachmentTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(attachmentTypeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(attachmentTypeOf(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(attachmentTypeOf(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
  });

  it('refuses programs, text and SVG whatever their name', () => {
    expect(attachmentTypeOf(Buffer.from('MZ\x90\0'))).toBeNull();
    expect(attachmentTypeOf(Buffer.from('merhaba'))).toBeNull();
    expect(attachmentTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(attachmentTypeOf(Buffer.alloc(0))).toBeNull();
  });

  it('keeps only the last path segment of a file name, without quotes or control characters', () => {
    expect(cleanFileName('C:\\Users\\ayse\\kırık "kupa".png', 'image/png')).toBe('kırık kupa.png');
    expect(cleanFileName('../../etc/passwd', 'application/pdf')).toBe('passwd');
    expect(cleanFileName('', 'image/jpeg')).toBe('ek.jpg');
  });
});

describe('ticket numbers', () => {
  it('are DT- and 8 characters without look-alikes, and differ', () => {
    const numbers = new Set(Array.from({ length: 200 }, newTicketNo));
    expect(numbers.size).toBe(200);
    for (const no of numbers) expect(no).toMatch(/^DT-[A-HJKMNP-Z2-9]{8}$/);
  });
});

describe('ticket statuses', () => {
  it('a customer reply opens any ticket, the shop answers open ones only, the customer closes', () => {
    expect(TICKET_EVENTS.customerReply.to).toBe('open');
    expect(canApply('customerReply', 'closed')).toBe(true);
    expect(TICKET_EVENTS.shopReply.to).toBe('answered');
    expect(canApply('shopReply', 'closed')).toBe(false);
    expect(canApply('close', 'answered')).toBe(true);
    expect(canApply('close', 'closed')).toBe(false);
  });
});
