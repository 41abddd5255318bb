import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type AttachmentType, MAX_ATTACHMENT_BYTES } from '@vitrin/shared/ticket-status';
import { isDiskFull, writeNewFile } from '../media/disk-full.ts';
import { attachmentDiskFull, attachmentTooLarge, attachmentWrongType } from './errors.ts';

const EXTENSIONS: Record<AttachmentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** The attachment types a ticket may carry, recognised by their first bytes (never by name or header). */
export function attachmentTypeOf(bytes: Buffer): AttachmentType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  if (bytes.length >= 5 && bytes.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  return null;
}

/** An uploaded file as the HTTP layer hands it over. */
export interface AttachmentUpload {
  bytes: Buffer;
  /** The name the customer's computer gave it: shown and offered on download, never used as a path. */
  name: string;
}

export interface StoredAttachment {
  path: string;
  name: string;
  type: AttachmentType;
  size: number;
}

/** A name safe for a `Content-Disposition` header and a page: no path, no control characters, not too long. */
export function cleanFileName(name: string, type: AttachmentType): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(-100);
  return base || `ek.${EXTENSIONS[type]}`;
}

/**
 * Ticket attachments under `DATA_DIR/private/support/` (never under the public uploads): random names, the
 * type taken from the bytes. The database keeps the path relative to the private directory.
 */
export function createAttachmentStore(privateDir: string) {
  const dir = path.join(privateDir, 'support');
  return {
    /** Checks size and type first; nothing is written for a refused file. */
    check(upload: AttachmentUpload): AttachmentType {
      if (upload.bytes.length > MAX_ATTACHMENT_BYTES) throw attachmentTooLarge();
      const type = attachmentTypeOf(upload.bytes);
      if (!type) throw attachmentWrongType();
      return type;
    },
    async save(upload: AttachmentUpload): Promise<StoredAttachment> {
      const type = this.check(upload);
      const file = `${randomBytes(16).toString('base64url')}.${EXTENSIONS[type]}`;
      try {
        await mkdir(dir, { recursive: true, mode: 0o700 });
        await writeNewFile(path.join(dir, file), upload.bytes, 0o600);
      } catch (err) {
        throw isDiskFull(err) ? attachmentDiskFull() : err;
      }
      return {
        path: `support/${file}`,
        name: cleanFileName(upload.name, type),
        type,
        size: upload.bytes.length,
      };
    },
    async read(stored: string): Promise<Buffer> {
      if (!/^support\/[A-Za-z0-9_-]{22}\.(?:jpg|png|webp|pdf)$/.test(stored))
        throw new Error('bad attachment path');
      return readFile(path.join(privateDir, stored));
    },
  };
}

export type AttachmentStore = ReturnType<typeof createAttachmentStore>;
