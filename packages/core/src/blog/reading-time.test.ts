import { describe, expect, it } from 'vitest';
import { readingMinutes, wordCount } from './reading-time.ts';

describe('reading time', () => {
  it('counts the words of the text, not the tags or entities', () => {
    expect(wordCount('<h2>Sır ve fırın</h2><p>Çamur&nbsp;<strong>dinlenir</strong>.</p>')).toBe(5);
  });

  it('is words divided by 200, rounded', () => {
    const words = (n: number) => `<p>${Array.from({ length: n }, () => 'kelime').join(' ')}</p>`;
    expect(readingMinutes(words(400))).toBe(2);
    expect(readingMinutes(words(500))).toBe(3);
  });

  it('is at least one minute, even for an empty post', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('<p>Kısa.</p>')).toBe(1);
  });
});
