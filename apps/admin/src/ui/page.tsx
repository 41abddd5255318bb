import { type ReactNode, useEffect } from 'react';

/** A screen's heading and the document title that goes with it. */
export function Page({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Yönetim paneli`;
  }, [title]);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-stone-900">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}

export function Loading() {
  return (
    <p role="status" className="text-stone-700">
      Yükleniyor…
    </p>
  );
}
