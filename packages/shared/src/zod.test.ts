import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTER_MESSAGE, lineText, multilineText } from './zod.ts';

const refusal = (schema: ReturnType<typeof lineText>, value: string) =>
  schema.safeParse(value).error?.issues[0]?.message;

describe('typed text', () => {
  it('refuses NUL, other C0 controls, DEL and C1 controls in a line', () => {
    for (const c of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b']) {
      expect(refusal(lineText(), `Ayşe${c}`)).toBe(CONTROL_CHARACTER_MESSAGE);
    }
  });

  it('refuses tabs and line breaks in a line, keeps them in multi-line text', () => {
    for (const c of ['\t', '\n', '\r']) {
      expect(refusal(lineText(), `a${c}b`)).toBe(CONTROL_CHARACTER_MESSAGE);
      expect(multilineText().parse(`a${c}b`)).toBe(`a${c}b`);
    }
  });

  it('refuses NUL and the other controls in multi-line text', () => {
    for (const c of ['\u0000', '\u000b', '\u000c', '\u001b', '\u0085']) {
      expect(refusal(multilineText(), `Merhaba${c}`)).toBe(CONTROL_CHARACTER_MESSAGE);
    }
  });

  it('accepts Turkish letters, emoji and other printable text as it is', () => {
    const text = 'İğdır’da şık çanta 👜 — “%50” & <b>';
    expect(lineText().parse(text)).toBe(text);
  });
});
