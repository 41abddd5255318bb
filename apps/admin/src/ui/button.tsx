import type { ComponentProps } from 'react';

const looks = {
  primary: 'bg-amber-800 text-white hover:bg-amber-900 disabled:bg-stone-400',
  secondary: 'border border-stone-400 bg-white text-stone-900 hover:bg-stone-100 disabled:text-stone-500',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-stone-400',
} as const;

export function Button({
  look = 'primary',
  className = '',
  ...props
}: ComponentProps<'button'> & { look?: keyof typeof looks }) {
  return (
    <button
      type="button"
      {...props}
      className={`inline-flex min-h-10 items-center justify-center rounded-md px-4 py-2 text-sm font-medium ${looks[look]} ${className}`}
    />
  );
}
