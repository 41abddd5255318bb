import { ApiError } from '@vitrin/shared/api/api-error';
import { describe, expect, it } from 'vitest';
import {
  type Attribute,
  askedAttributes,
  CUSTOM_VALUE,
  mappingOf,
  missingOf,
  publishBody,
  publishedText,
} from './publish-api.ts';

const renk: Attribute = {
  id: 47,
  name: 'Renk',
  required: true,
  allowCustom: true,
  varianter: false,
  values: [],
};
const mensei: Attribute = {
  id: 1192,
  name: 'Menşei',
  required: true,
  allowCustom: false,
  varianter: false,
  values: [
    { id: 10, name: 'TR' },
    { id: 11, name: 'CN' },
  ],
};
const materyal: Attribute = {
  id: 14,
  name: 'Materyal',
  required: false,
  allowCustom: true,
  varianter: false,
  values: [{ id: 82, name: 'Deri' }],
};
const hacim: Attribute = { ...materyal, id: 343, name: 'Hacim', varianter: true };

describe('publishBody', () => {
  it('sends a chosen value by id, typed words as a custom value, and the desi with a comma as a number', () => {
    const made = publishBody(
      [renk, mensei, materyal],
      {
        47: { valueId: '', custom: ' Beyaz ' },
        1192: { valueId: '10', custom: '' },
        14: { valueId: CUSTOM_VALUE, custom: 'Keten' },
      },
      '2,5',
    );
    expect(made.body).toEqual({
      attributes: [
        { attributeId: 47, customValue: 'Beyaz' },
        { attributeId: 1192, valueId: 10 },
        { attributeId: 14, customValue: 'Keten' },
      ],
      desi: 2.5,
    });
  });

  it('names each required attribute left empty and a desi out of range, and sends nothing', () => {
    const made = publishBody([renk, mensei, materyal], {}, '0');
    expect(made.body).toBeNull();
    expect(made.errors).toEqual({
      47: 'Renk için bir değer yazın',
      1192: 'Menşei için bir değer seçin',
      desi: 'Desi 0,01 ile 1000 arasında bir sayı olmalı',
    });
  });

  it('leaves out an optional attribute left empty and the desi when blank', () => {
    expect(publishBody([materyal], {}, ' ').body).toEqual({ attributes: [] });
  });

  it('refuses typed words for an attribute that takes only its own values', () => {
    const made = publishBody([mensei], { 1192: { valueId: CUSTOM_VALUE, custom: 'TR' } }, '');
    expect(made.errors).toEqual({ 1192: 'Menşei için listeden bir değer seçin' });
  });
});

describe('askedAttributes', () => {
  it('puts the required ones first and leaves out optional per-variant ones', () => {
    expect(askedAttributes([materyal, hacim, renk]).map((a) => a.name)).toEqual(['Renk', 'Materyal']);
  });
});

describe('missingOf', () => {
  it('lists what a 422 of publish says is missing, by kind', () => {
    const error = new ApiError(422, 'TRENDYOL_BILGI_EKSIK', 'Ürün Trendyol’a gönderilemez', {
      category: '"Kupalar" kategorisi bir Trendyol kategorisiyle eşlenmemiş.',
      image: 'Ürünün görseli yok; Trendyol en az bir görsel ister.',
    });
    expect(missingOf(error)).toEqual([
      { kind: 'category', message: '"Kupalar" kategorisi bir Trendyol kategorisiyle eşlenmemiş.' },
      { kind: 'image', message: 'Ürünün görseli yok; Trendyol en az bir görsel ister.' },
    ]);
    expect(missingOf(new ApiError(409, 'TRENDYOL_URUNU_VAR', 'Var'))).toEqual([]);
  });
});

describe('mappingOf and publishedText', () => {
  it('finds a brand by its exact name and a category by its id', () => {
    const mappings = [
      { kind: 'brand' as const, local: 'Vitrin', localName: null, remote: 1791, remoteName: 'Vitrin' },
      { kind: 'category' as const, local: '3', localName: 'Kupalar', remote: 1081, remoteName: 'Kupa' },
    ];
    expect(mappingOf(mappings, 'brand', 'Vitrin ')?.remote).toBe(1791);
    expect(mappingOf(mappings, 'brand', 'vitrin')).toBeUndefined();
    expect(mappingOf(mappings, 'category', '3')?.remote).toBe(1081);
  });

  it('says the send waits for approval, or why it is not sent yet', () => {
    const sent = { productId: 1, barcodes: ['1'], batchId: 'b', waiting: null };
    expect(publishedText(sent)).toBe('Gönderildi, Trendyol’un onayı bekleniyor.');
    expect(publishedText({ ...sent, batchId: null, waiting: 'Trendyol şu an yanıt vermiyor.' })).toContain(
      'Trendyol şu an yanıt vermiyor.',
    );
  });
});
