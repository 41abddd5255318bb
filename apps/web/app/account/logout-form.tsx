import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { useLogout } from '../lib/use-customer.ts';

/**
 * "Çıkış Yap" as a form: without JavaScript a plain post to `/logout`; with it, the same logout as the
 * header's button (the API, the stored profile cleared, home).
 */
export function LogoutForm({ className, children }: { className?: string; children: ReactNode }) {
  const logout = useLogout();
  return (
    <Form
      method="post"
      action="/logout"
      reloadDocument
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        void logout();
      }}
    >
      {children}
    </Form>
  );
}
