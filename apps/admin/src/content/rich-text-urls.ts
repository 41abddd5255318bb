import { isHttpUrl } from '@vitrin/shared/email';

/** What the server keeps as a link: http(s), mailto, or a path on this site. */
export function isLinkTarget(value: string): boolean {
  if (/^\/(?!\/)\S*$/.test(value)) return true;
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(value)) return true;
  return isHttpUrl(value);
}

/** What the server keeps as an image: one of our uploads, or an https address. */
export function isImageSource(value: string): boolean {
  if (/^\/uploads\/[^\s\\]+$/.test(value) && !value.includes('..')) return true;
  return isHttpUrl(value) && value.toLowerCase().startsWith('https://');
}
