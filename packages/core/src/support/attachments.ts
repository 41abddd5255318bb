import { randomBytes } from 'node:crypto';
import { type AttachmentType, MAX_ATTACHMENT_BYTES } from '@vitrin/shared/ticket-status';
import { isDiskFull } from '../media/disk-full.ts';
import type { FileStore } from '../storage/file-store.ts';
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

/** The form of a stored attachment's path (what the database keeps): only such a path is ever read. */
const STORED_PATH = /^support\/[A-Za-z0-9_-]{22}\.(?:jpg|png|webp|pdf)$/;

/** Whether `stored` is a path the attachment store makes (`support/<random>.<ext>`). */
export const isStoredAttachmentPath = (stored: string) => STORED_PATH.test(stored);

/**
 * The store key of a stored attachment's path. The database keeps the path relative to the private area
 * (`support/<random>.<ext>`, as it did under `DATA_DIR/private`), so existing rows name the same files.
 */
export const attachmentKey = (stored: string) => `private/${stored}`;

/**
 * Ticket attachments in the store's private area (`private/support/…`: never a public object, never under
 * `/uploads`; read only through the ticket's access check): random names, the type taken from the bytes.
 */
export function createAttachmentStore(files: FileStore) {
  return {
    /** Checks size and type first; nothing is written for a refused file. */
    check(upload: AttachmentUpload): AttachmentType {
      if (upload.bytes.length > MAX_ATTACHMENT_BYTES) throw attachmentTooLarge();
      const type = attachmentTypeOf(upload.bytes);
      if (!type) throw attachmentWrongType();
      return type;
    },
    /**
     * Writes the whole file or nothing (the store's promise): a full disk is DISK_DOLU (507), a bucket that
     * refuses writes the store's DEPOLAMA_KULLANILAMIYOR (503); either way no file and no row, and the same
     * request works once the store takes writes again.
     */
    async save(upload: AttachmentUpload): Promise<StoredAttachment> {
      const type = this.check(upload);
      const stored = `support/${randomBytes(16).toString('base64url')}.${EXTENSIONS[type]}`;
      try {
        await files.put(attachmentKey(stored), upload.bytes, { contentType: type });
      } catch (err) {
        throw isDiskFull(err) ? attachmentDiskFull() : err;
      }
      return { path: stored, name: cleanFileName(upload.name, type), type, size: upload.bytes.length };
    },
    /** The file's bytes (at most MAX_ATTACHMENT_BYTES), or undefined for a path that is not one or a file gone. */
    async read(stored: string): Promise<Buffer | undefined> {
      if (!STORED_PATH.test(stored)) return undefined;
      return files.readBytes(attachmentKey(stored));
    },
    /** Removes a stored file (a message that was not saved, an erased customer's); quiet when it is gone. */
    async remove(stored: string): Promise<void> {
      if (STORED_PATH.test(stored)) await files.remove(attachmentKey(stored));
    },
  };
}

export type AttachmentStore = ReturnType<typeof createAttachmentStore>;
