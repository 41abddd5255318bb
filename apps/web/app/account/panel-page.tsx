import type { ReactNode, Ref } from 'react';

/** A page inside the panel layout: its heading and content (the layout holds `main` and the menu). */
export function PanelPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <h1 className="text-3xl font-semibold text-ink-900">{title}</h1>
      {intro && <p className="mt-2 text-ink-700">{intro}</p>}
      <div className="mt-6 space-y-6">{children}</div>
    </div>
  );
}

/** A titled white card of a panel page. */
export function PanelSection({
  id,
  title,
  children,
  tone = 'normal',
  headingRef,
}: {
  id: string;
  title: string;
  children: ReactNode;
  tone?: 'normal' | 'danger';
  /** For pages that move focus to the section (the heading is then focusable from script). */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-2xl border bg-white p-5 md:p-6 ${tone === 'danger' ? 'border-red-800/40' : 'border-sand-200'}`}
    >
      <h2
        id={id}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="text-xl font-semibold text-ink-900"
      >
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}
