// The API client: the public HTTP interface with a bearer token. The token lives in this tab's
// sessionStorage (readable only by this origin, gone when the tab closes) and is never a cookie,
// so other origins can neither read it nor ride on it.
const KEY = 'analytics.token';

export const session = {
  get token() { return sessionStorage.getItem(KEY); },
  set token(v) { if (v) sessionStorage.setItem(KEY, v); else sessionStorage.removeItem(KEY); },
  me: null,
};

/** ApiError carries the service's error body {code, message, details}. */
export class ApiError extends Error {
  constructor(status, body) {
    const e = (body && body.error) || {};
    super(e.message || `HTTP ${status}`);
    this.status = status; this.code = e.code || 'http_' + status; this.details = e.details || {};
  }
}

/** api calls the service and returns {status, data}; non-2xx answers throw ApiError. */
export async function api(method, path, body, headers = {}) {
  const h = { Accept: 'application/json', ...headers };
  if (body !== undefined) h['Content-Type'] = 'application/json';
  const t = session.token;
  if (t) h.Authorization = 'Bearer ' + t;
  const res = await fetch(path, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'omit', cache: 'no-store', redirect: 'error' });
  let data = null;
  try { data = await res.json(); } catch { /* empty or not JSON */ }
  if (res.status === 401 && t && !path.startsWith('/v1/auth/login')) {
    session.token = null; session.me = null;
    window.dispatchEvent(new Event('signedout'));
  }
  if (!res.ok) throw new ApiError(res.status, data);
  return { status: res.status, data };
}

export const get = (p) => api('GET', p);
export const post = (p, b = {}, hd) => api('POST', p, b, hd);
export const patch = (p, b) => api('PATCH', p, b);
export const del = (p) => api('DELETE', p);

/** qs builds a query string from the defined values of o. */
export function qs(o) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(o)) if (v !== undefined && v !== null && v !== '') p.set(k, v);
  const s = p.toString();
  return s ? '?' + s : '';
}

/** enc escapes an id for a path segment. */
export const enc = encodeURIComponent;
