import { Link, type LinkProps } from 'react-router';

/**
 * On the server a link is only its `<a>`: React Router's `Link` runs about ten hooks to compute what, for a
 * plain site path, is the path itself (its click and prefetch handlers exist only in the browser). A product
 * page holds some 45 links, and those hooks were 8 % of rendering it. The browser hydrates the same markup
 * with the real `Link` (app-link.test.tsx holds the two to the same HTML). Anything but a plain absolute path
 * (relative, external, `reloadDocument`, `mask`) takes `Link` on the server too.
 */
const SERVER = typeof document === 'undefined';

function isSitePath(to: LinkProps['to']): to is string {
  return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') && !to.includes('/.');
}

/** Internal links prefetch their route's code and data when the pointer rests on them or they get focus. */
export function AppLink({ prefetch = 'intent', ...props }: LinkProps) {
  if (SERVER && isSitePath(props.to) && !props.reloadDocument && !props.mask) {
    // The props Link consumes itself; what is left are the anchor's own attributes, passed on as Link does.
    const {
      to,
      discover = 'render',
      relative: _relative,
      replace: _replace,
      state: _state,
      preventScrollReset: _preventScrollReset,
      viewTransition: _viewTransition,
      defaultShouldRevalidate: _defaultShouldRevalidate,
      ...anchor
    } = props;
    return <a {...anchor} href={to} data-discover={discover === 'render' ? 'true' : undefined} />;
  }
  return <Link prefetch={prefetch} {...props} />;
}

/** Menu and settings URLs may point outside the shop; only same-site paths use the router. */
export function SmartLink({ to, ...props }: Omit<LinkProps, 'to'> & { to: string }) {
  if (/^[a-z]+:/i.test(to) || to.startsWith('//')) return <a href={to} {...props} />;
  return <AppLink to={to} {...props} />;
}
