/** Where to go after the login: a path inside the panel from `?next=`, never another site or the login. */
export function returnTo(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next === '/login' || next.startsWith('/login?')) return '/';
  return next;
}
