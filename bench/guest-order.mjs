// The order a bench guest places (`POST /api/front/checkout`, bank transfer): bench/buyers.mjs and bench/soak.mjs.

const ADDRESS = {
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  phone: '0532 123 45 67',
  provinceCode: 34,
  district: 'Kadıköy',
  line: 'Caferağa Mah. Moda Cad. No: 12 D: 3',
  postcode: '34710',
  billingType: 'individual',
  tcKimlikNo: '10000000146',
};

/** The checkout body of a guest with this e-mail address, paying by bank transfer (Havale / EFT). */
export function guestOrder(email) {
  return {
    email,
    phone: '0532 123 45 67',
    shippingAddress: ADDRESS,
    billingSameAsShipping: true,
    paymentMethod: 'transfer',
    acceptTerms: true,
  };
}
