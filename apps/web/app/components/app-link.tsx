import { Link, type LinkProps } from 'react-router';

/** Internal links prefetch their route's code and data when the pointer rests on them or they get focus. */
export function AppLink({ prefetch = 'intent', ...props }: LinkProps) {
  return <Link prefetch={prefetch} {...props} />;
}

/** Menu and settings URLs may point outside the shop; only same-site paths use the router. */
export function SmartLink({ to, ...props }: Omit<LinkProps, 'to'> & { to: string }) {
  if (/^[a-z]+:/i.test(to) || to.startsWith('//')) return <a href={to} {...props} />;
  return <AppLink to={to} {...props} />;
}
