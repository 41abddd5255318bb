import type { ReactNode } from 'react';

/** The frame of the login, register and password pages: one centred card. */
export function AuthPage({
  title,
  intro,
  children,
  wide = false,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <main id="main" className="px-4 py-10 md:py-16">
      <div
        className={`mx-auto ${wide ? 'max-w-2xl' : 'max-w-md'} rounded-2xl border border-sand-200 bg-white p-6 shadow-sm md:p-8`}
      >
        <h1 className="text-3xl font-semibold text-ink-900">{title}</h1>
        {intro && <p className="mt-2 text-ink-700">{intro}</p>}
        <div className="mt-6 space-y-5">{children}</div>
      </div>
    </main>
  );
}

export const linkClass = 'font-medium text-clay-700 underline underline-offset-2 hover:text-clay-800';
