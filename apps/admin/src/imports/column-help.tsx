import { PRODUCT_COLUMNS, type ProductColumn } from '@vitrin/shared/api/admin/imports';

/** What each column takes, in the shop owner's words (the README's table, in Turkish). */
const MEANINGS: Record<ProductColumn, string> = {
  sku: 'Satırın anahtarı: harf, rakam ve . _ - / içerebilir. Aynı SKU varsa ürün güncellenir.',
  parent_sku: 'Varyant satırında ana ürünün SKU’su (dosyada ya da mağazada olmalı).',
  name: 'Yeni ürün için zorunlu.',
  slug: 'Boşsa addan yapılır; Türkçe harfler çevrilir, alınmışsa numaralanır.',
  stock_type: '1 tekil (varsayılan), 2 varyantlı, 4 sanal; 3 tasarlanabilir yalnızca güncellenir.',
  category: 'Yeni ürün için zorunlu: "Seramik > Kupalar ve Fincanlar", bir slug ya da tek olan bir ad.',
  brand: 'Marka adı; "-" siler.',
  barcode: '8-14 rakam (EAN/GTIN); "-" siler.',
  short_description: 'Düz metin; "-" siler.',
  description: 'HTML; mağazanın izin verdiği etiketler kalır.',
  sale_price: 'Yeni ürün için zorunlu, KDV dahil: 1.234,56 ya da 1234.56; en çok iki ondalık.',
  market_price: 'Satış fiyatı gibi; "-" siler.',
  purchase_price: 'Alış fiyatı: mağazada gösterilmez; "-" siler.',
  instalment_price: 'Taksitli satış fiyatı; "-" siler.',
  wholesale_price: 'Toptan satış fiyatı; "-" siler.',
  currency: 'TRY (varsayılan; TL, ₺), USD ya da EUR: satırın fiyatları bu para biriminde.',
  vat_rate: '0, 10 ya da 20 (%20 de olur); varsayılan 20.',
  stock: 'Tam sayı; sanal ürün için "sınırsız"; varyantlı ürünün kendi satırında boş.',
  active: '1 / 0 ya da evet / hayır.',
  options: 'Varyantlı ürün: Renk=Kırmızı|Mavi;Beden=S|M. Varyant: Renk=Kırmızı;Beden=S.',
};

const required = (c: (typeof PRODUCT_COLUMNS)[number]) => 'required' in c && c.required;

/** The columns the file may have: Turkish header or key, whether required, what it takes. */
export function ColumnHelp() {
  return (
    <section aria-labelledby="columns-title" className="rounded-lg border border-stone-300 bg-white p-4">
      <h2 id="columns-title" className="mb-1 text-lg font-semibold text-stone-900">
        Sütunlar
      </h2>
      <p className="mb-3 text-sm text-stone-700">
        Başlık Türkçe ya da anahtarıyla, herhangi bir sırada ve büyük-küçük harfle yazılabilir; bilinmeyen
        sütunlar atlanır. Boş hücre, var olan ürünün değerini değiştirmez.
      </p>
      {/* A table on a wide screen, a list on a phone (three columns do not fit its width). */}
      <div className="hidden md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">İçe aktarılan sütunlar</caption>
          <thead className="bg-stone-50 text-stone-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Başlık
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Anahtar
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Açıklama
              </th>
            </tr>
          </thead>
          <tbody>
            {PRODUCT_COLUMNS.map((c) => (
              <tr key={c.key} className="border-t border-stone-200 align-top">
                <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap">
                  {c.title}
                  {required(c) && <span className="text-red-800"> (zorunlu sütun)</span>}
                </th>
                <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{c.key}</td>
                <td className="min-w-48 px-3 py-2">{MEANINGS[c.key]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="flex flex-col gap-3 text-sm md:hidden">
        {PRODUCT_COLUMNS.map((c) => (
          <div key={c.key} className="border-t border-stone-200 pt-2">
            <dt className="font-medium">
              {c.title} <span className="font-mono text-xs text-stone-700">({c.key})</span>
              {required(c) && <span className="text-red-800"> zorunlu sütun</span>}
            </dt>
            <dd className="text-stone-800">{MEANINGS[c.key]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
