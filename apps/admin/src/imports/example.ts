/**
 * The example file offered for download: a product, a variant product with two variants, in Turkish Excel's
 * form (UTF-8 with BOM, `;`, decimal commas). Its categories are the demo shop's.
 */
const EXAMPLE_ROWS = [
  'SKU;Ana Ürün SKU;Ürün Adı;Kategori;Marka;Barkod;Satış Fiyatı;Piyasa Fiyatı;Alış Fiyatı;Para Birimi;KDV Oranı;Stok;Aktif;Seçenekler',
  'KUPA-01;;Ege Mavisi Kupa;Seramik > Kupalar ve Fincanlar;Atölye Işık;8690000000017;1.234,50;1.500,00;600,00;TRY;20;12;1;',
  'TS-01;;Pamuk Tişört;tekstil;;;349,90;;;TRY;20;;1;"Renk=Kırmızı|Mavi;Beden=S|M"',
  'TS-01-KS;TS-01;;;;;;;;;;5;1;"Renk=Kırmızı;Beden=S"',
  'TS-01-MM;TS-01;;;;;379,90;;;;;0;1;"Renk=Mavi;Beden=M"',
];

/** A link the browser downloads without asking the server. */
export const EXAMPLE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${EXAMPLE_ROWS.join('\r\n')}\r\n`)}`;
export const EXAMPLE_NAME = 'urun-ornegi.csv';
