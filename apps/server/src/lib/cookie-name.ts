/**
 * A cookie's name as this server sets it: with PUBLIC_URL on https, `__Host-` + name (the browser then keeps
 * it only if it is Secure, for path / and no Domain, so a sibling subdomain or a plain-http page cannot plant
 * or overwrite it); the plain name otherwise.
 */
export const cookieNameFor = (publicUrl: string) => {
  const secure = publicUrl.startsWith('https://');
  return (name: string) => (secure ? `__Host-${name}` : name);
};

/**
 * The name of a cookie that keeps a narrower path than / (so `__Host-` cannot hold it): with PUBLIC_URL on https,
 * `__Secure-` + name (the browser keeps it only if Secure, set from an https page); the plain name otherwise.
 */
export const pathCookieNameFor = (publicUrl: string) => {
  const secure = publicUrl.startsWith('https://');
  return (name: string) => (secure ? `__Secure-${name}` : name);
};
