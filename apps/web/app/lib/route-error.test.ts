import { describe, expect, it } from 'vitest';
import { errorMessage } from './route-error.tsx';

describe('errorMessage', () => {
  it('shows the message a thrown response of ours carries', () => {
    expect(errorMessage({ message: 'Sipariş bulunamadı.' }, 404, '/panel/orders/VT-1')).toBe(
      'Sipariş bulunamadı.',
    );
  });

  it('names the path of a page that does not exist', () => {
    expect(errorMessage('Error: No route matches URL "/yok"', 404, '/yok')).toBe(
      '/yok adresinde bir sayfa yok; taşınmış ya da kaldırılmış olabilir.',
    );
  });

  it("says in Turkish that a page takes no form post, never React Router's English text", () => {
    const message = errorMessage(
      'Error: You made a POST request to "/about" but did not provide an `action` for route "routes/about"',
      405,
      '/about',
    );
    expect(message).toBe('Bu sayfa form gönderimi kabul etmiyor; sayfayı adresinden yeniden açın.');
  });

  it('falls back to the unexpected-error line for any other status', () => {
    expect(errorMessage(undefined, 500, '/')).toBe('Beklenmeyen bir hata oluştu.');
  });
});
