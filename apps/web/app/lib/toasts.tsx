import { type ReactElement, type ReactNode, useEffect, useState } from 'react';

type Toastify = typeof import('react-toastify');

/**
 * Toasts (spec: top-center, 3000 ms, progress bar, close on click, pause on hover). react-toastify is about
 * 10 kB compressed and most visits never show a toast, so it is loaded with the first one; a toast made
 * before its container has mounted waits in react-toastify's own queue.
 */
let loading: Promise<Toastify> | undefined;
const waiting = new Set<(module: Toastify) => void>();

function load(): Promise<Toastify> {
  loading ??= import('react-toastify').then((module) => {
    for (const notify of waiting) notify(module);
    return module;
  });
  return loading;
}

/** An error toast; `id` keeps the same message from stacking up. */
export function showErrorToast(message: string, id: string): void {
  void load().then(({ toast }) => toast.error(message, { toastId: id }));
}

/** A success toast; `content` may hold a link (e.g. to the cart). `id` keeps it from stacking up. */
export function showSuccessToast(content: ReactNode, id?: string): void {
  void load().then(({ toast }) => toast.success(content, id === undefined ? {} : { toastId: id }));
}

/** Renders the toast container once the first toast has loaded react-toastify. */
export function Toasts(): ReactElement | null {
  const [module, setModule] = useState<Toastify | null>(null);
  useEffect(() => {
    waiting.add(setModule);
    if (loading) void loading.then(setModule);
    return () => {
      waiting.delete(setModule);
    };
  }, []);
  if (!module) return null;
  const { ToastContainer, Bounce } = module;
  return (
    <ToastContainer
      position="top-center"
      autoClose={3000}
      hideProgressBar={false}
      closeOnClick
      pauseOnHover
      transition={Bounce}
    />
  );
}
