// @vitest-environment happy-dom
import type { PersonalizationView, PriceView, VariantView } from '@vitrin/shared/api/catalog';
import type { HomeData } from '@vitrin/shared/api/home';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../lib/api-context.tsx';
import type { RootData } from '../lib/use-home.ts';
import { AddToCart, addBlockedReason } from './add-to-cart.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const price: PriceView = {
  amountMinor: 45_000,
  vatRate: 20,
  marketMinor: null,
  discountPercent: null,
  instalmentBaseMinor: 45_000,
  originalCurrency: 'TRY',
  isWholesale: false,
};
const inStock = { state: 'in_stock' as const, remaining: null };
const mavi: VariantView = {
  id: 11,
  sku: 'K-M',
  options: { Renk: 'Mavi' },
  images: [],
  stock: inStock,
  price,
};

describe('why Sepete Ekle is inactive', () => {
  const base = { groups: [], chosen: {}, variant: undefined, stock: inStock, price };

  it('is active for a product in stock with a price', () => {
    expect(addBlockedReason(base)).toBeNull();
  });

  it('asks for the options not chosen yet', () => {
    expect(addBlockedReason({ ...base, groups: ['Renk', 'Boy'], chosen: { Renk: 'Mavi' } })).toBe(
      'Sepete eklemek için Boy seçin.',
    );
  });

  it('says when the chosen options make no variant', () => {
    expect(addBlockedReason({ ...base, groups: ['Renk'], chosen: { Renk: 'Mor' } })).toMatch(/satışta değil/);
  });

  it('says when it is sold out', () => {
    expect(addBlockedReason({ ...base, stock: { state: 'out', remaining: null } })).toBe(
      'Bu ürün şu an stokta yok.',
    );
  });
});

const rootData = {
  origin: 'http://localhost',
  pageLinks: [],
  maintenancePreview: false,
  publicConfig: { apiBase: '', buildVersion: 'test' },
  home: { menu: [], social_accounts: [], global_setting: {} } as unknown as HomeData,
} satisfies RootData;

const personalization: PersonalizationView = {
  fields: [
    { key: 'isim', label: 'İsim', maxLength: 12, required: true },
    { key: 'tarih', label: 'Tarih', maxLength: 10, required: false },
  ],
  allowImage: false,
  surchargeMinor: 0,
};

const emptyCart = {
  lines: [],
  count: 2,
  totals: {},
  coupon: null,
  couponProblem: null,
  canCheckout: true,
};

describe('the product page buying form', () => {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    await act(async () => root.render(null));
    vi.unstubAllGlobals();
  });

  const render = async (props: Partial<Parameters<typeof AddToCart>[0]> = {}) => {
    const all = {
      productId: 5,
      groups: ['Renk'],
      chosen: { Renk: 'Mavi' },
      variant: mavi,
      stock: inStock,
      price,
      personalization: null,
      ...props,
    };
    const router = createMemoryRouter(
      [
        {
          id: 'root',
          path: '*',
          loader: () => rootData,
          Component: () => (
            <ApiProvider baseURL="">
              <AddToCart {...all} />
            </ApiProvider>
          ),
        },
      ],
      { initialEntries: ['/product/kupa'], hydrationData: { loaderData: { root: rootData } } },
    );
    await act(async () => root.render(<RouterProvider router={router} />));
  };
  const button = () => host.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  /** Presses the button and waits until the form is idle again (the API client loads on first use). */
  const submit = async () => {
    await act(async () => button().click());
    for (let i = 0; i < 50 && button().getAttribute('aria-disabled'); i++) {
      await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    }
  };

  it('posts the chosen variant and quantity', async () => {
    fetchMock.mockResolvedValue(Response.json(emptyCart, { status: 201 }));
    await render();
    const quantity = host.querySelector<HTMLInputElement>('input[name="quantity"]')!;
    await act(async () => {
      // React tracks the value it set; typing goes through the native setter.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(quantity, '3');
      quantity.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await submit();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/front/cart/items');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ productId: 5, variantId: 11, quantity: 3 });
    expect(localStorage.getItem('vitrin:cart-count')).toBe('2');
  });

  it('is inactive with the reason when sold out', async () => {
    await render({ stock: { state: 'out', remaining: null } });
    expect(button().disabled).toBe(true);
    const reason = host.querySelector('[data-testid="add-to-cart-reason"]')!;
    expect(reason.textContent).toBe('Bu ürün şu an stokta yok.');
    expect(button().getAttribute('aria-describedby')).toBe(reason.id);
  });

  it('marks a missing required personalization field and sends nothing', async () => {
    await render({ groups: [], chosen: {}, variant: undefined, personalization });
    await submit();
    expect(fetchMock).not.toHaveBeenCalled();
    const input = host.querySelector<HTMLInputElement>('input[name="p_isim"]')!;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(
      'Bu alanı doldurun',
    );
    expect(document.activeElement).toBe(input);
  });

  it('shows the server field messages next to their fields', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        {
          error: {
            code: 'KISISELLESTIRME_GECERSIZ',
            message: 'Kişiselleştirme bilgilerinde hata var.',
            fields: { 'personalization.fields.tarih': 'Tarih en fazla 10 karakter olabilir' },
          },
        },
        { status: 400 },
      ),
    );
    await render({ groups: [], chosen: {}, variant: undefined, personalization });
    const isim = host.querySelector<HTMLInputElement>('input[name="p_isim"]')!;
    const tarih = host.querySelector<HTMLInputElement>('input[name="p_tarih"]')!;
    isim.value = 'Ayşe';
    tarih.value = '2025';
    await submit();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body)).personalization).toEqual({
      fields: { isim: 'Ayşe', tarih: '2025' },
    });
    expect(tarih.getAttribute('aria-invalid')).toBe('true');
    expect(host.textContent).toContain('Tarih en fazla 10 karakter olabilir');
  });
});
