// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showErrorToast, Toasts } from './toasts.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('toasts (react-toastify loaded with the first toast)', () => {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  afterEach(() => act(() => root.render(null)));

  it('renders nothing until a toast is shown, then the message at the top centre', async () => {
    await act(async () => root.render(<Toasts />));
    expect(host.innerHTML).toBe('');
    await act(async () => showErrorToast('Sunucuya ulaşılamadı.', 'network.error'));
    await vi.waitFor(() => expect(host.textContent).toContain('Sunucuya ulaşılamadı.'));
    expect(host.querySelector('.Toastify__toast-container--top-center')).not.toBeNull();
  });

  it('shows the same message once however often it is raised', async () => {
    await act(async () => root.render(<Toasts />));
    await act(async () => {
      showErrorToast('Sunucu zamanında yanıt vermedi.', 'network.timeout');
      showErrorToast('Sunucu zamanında yanıt vermedi.', 'network.timeout');
    });
    await vi.waitFor(() => expect(host.textContent).toContain('Sunucu zamanında yanıt vermedi.'));
    expect(host.textContent?.split('Sunucu zamanında yanıt vermedi.').length).toBe(2);
  });
});
