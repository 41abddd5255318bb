import { describe, expect, it } from 'vitest';
import { parseRate, rateInput, settingsUpdateRequest } from './settings.ts';

describe('an exchange rate typed in the panel', () => {
  it.each([
    ['34,5678', '34.5678'],
    ['34.5678', '34.5678'],
    [' 41,25 ', '41.25'],
    ['41', '41'],
    ['0,9', '0.9'],
    ['007,5', '7.5'],
    ['1.234,5', '1234.5'],
  ])('reads %s as %s, the text the registry keeps', (typed, rate) => {
    expect(parseRate(typed)).toEqual({ rate });
  });

  it.each(['0', '0,0000', '-47', '34,56789', '34,5,6', 'otuz', '', '1234567'])('refuses %j', (typed) => {
    expect(parseRate(typed)).toHaveProperty(
      'error',
      'Kur sıfırdan büyük bir sayı olmalı, en çok 4 ondalık (ör. 41,25)',
    );
  });

  it('is shown with a Turkish comma, as it is typed', () => {
    expect(rateInput('34.5678')).toBe('34,5678');
    expect(rateInput('41')).toBe('41');
  });

  it('reaches the API as the same text as before: a point, no float rounding', () => {
    expect(settingsUpdateRequest.parse({ usd_rate: '34,5678', eur_rate: '36.1' })).toEqual({
      usd_rate: '34.5678',
      eur_rate: '36.1',
    });
  });
});
