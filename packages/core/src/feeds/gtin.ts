/**
 * Whether a barcode is a GTIN (EAN-8, UPC-A, EAN-13, GTIN-14) with a right check digit. Google refuses
 * items whose `gtin` is not one, so a wrong or made-up barcode is left out of the feeds' GTIN fields.
 */
export function isValidGtin(code: string | null | undefined): code is string {
  if (!code || !/^(\d{8}|\d{12,14})$/.test(code)) return false;
  let sum = 0;
  // From the right, leaving out the check digit: weights 3, 1, 3, 1…
  for (let i = code.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) {
    sum += Number(code[i]) * weight;
  }
  return (10 - (sum % 10)) % 10 === Number(code[code.length - 1]);
}
