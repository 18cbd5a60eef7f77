/** Encodes a query value, keeping slashes readable: "/account#profile" → "/account%23profile". */
function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/%2F/gi, '/');
}

/** `/login?msg=…&src=…`: the login page shows `msg` and goes back to `src` afterwards. */
export function loginPath({ msg, src }: { msg?: string; src?: string } = {}): string {
  const query = [
    msg ? `msg=${encodeQueryValue(msg)}` : null,
    src ? `src=${encodeQueryValue(src)}` : null,
  ].filter(Boolean);
  return query.length > 0 ? `/login?${query.join('&')}` : '/login';
}

/** `src` when it is a path of this site, else the home page (no open redirects). */
export function safeRedirect(src: string | null): string {
  if (!src?.startsWith('/') || src.startsWith('//') || src.startsWith('/\\')) return '/';
  return src;
}

export function userProfilePath(id: number): string {
  return `/users/${String(id)}`;
}
