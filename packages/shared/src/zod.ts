import { z } from 'zod';

// One place that switches zod's built-in messages to Turkish; schemas add clearer messages where users read them.
z.config(z.locales.tr());

export { z };

/** A failed parse's messages by field (`a.b`, `_` for the whole input), the first message of each. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return fields;
}

export const CONTROL_CHARACTER_MESSAGE =
  'Bu alanda kullanılamayan görünmez bir karakter var; lütfen metni yeniden yazın';

// PostgreSQL refuses NUL in text (the whole statement fails), and no other control character belongs in
// what a shopper types: one would only hide text in an e-mail, a log line or the operator's terminal.
const CONTROL_CHARACTER = /\p{Cc}/u;
// Multi-line text (a message, a note, an address) keeps its tabs and line breaks.
const CONTROL_CHARACTER_BUT_LINES = /[^\P{Cc}\t\n\r]/u;

type StringParams = Parameters<typeof z.string>[0];

const refusing = (pattern: RegExp, params: StringParams) =>
  z.string(params).refine((s) => !pattern.test(s), { message: CONTROL_CHARACTER_MESSAGE, abort: true });

/** A one-line string a person types (a name, a subject, a code, a search): no control character at all. */
export const lineText = (params?: StringParams) => refusing(CONTROL_CHARACTER, params);

/** A multi-line string a person types: tab, line feed and carriage return allowed, other control characters not. */
export const multilineText = (params?: StringParams) => refusing(CONTROL_CHARACTER_BUT_LINES, params);
