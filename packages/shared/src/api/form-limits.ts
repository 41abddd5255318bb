/**
 * Length limits of the contact and support forms, and the contact form's bot trap. Zod-free, so the browser
 * imports them from here (the schemas that enforce them, in `contact.ts` and `support.ts`, bring zod).
 */

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

/** The hidden field only bots fill in. */
export const CONTACT_HONEYPOT = 'website';

export const SUPPORT_LIMITS = { subject: 150, message: 5000 } as const;

/**
 * Set by the server when a form post to a ticket page was over its size limit: the page is read again with
 * it, and its form says the post was too large (its value: the limit in MB). A browser that sends it itself
 * only sees that message.
 */
export const FORM_TOO_LARGE_HEADER = 'x-vitrin-form-too-large';
