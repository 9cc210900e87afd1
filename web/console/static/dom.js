// Tiny DOM helpers. Every string child becomes a text node: nothing the user or the API supplies
// is ever parsed as HTML (the console never assigns markup to an element).

/** h builds an element: h('a', {href: '#/x', onclick: fn}, 'text', child, [more]). */
export function h(tag, attrs, ...kids) {
  const el = tag.includes(':') ? document.createElementNS('http://www.w3.org/2000/svg', tag.split(':')[1]) : document.createElement(tag);
  let value;
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'value') value = v;
    else if (k === 'checked' || k === 'selected') el[k] = !!v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  add(el, kids);
  if (value !== undefined) el.value = value;
  return el;
}

/** svg builds an SVG element. */
export function svg(tag, attrs, ...kids) { return h('svg:' + tag, attrs, ...kids); }

function add(el, kids) {
  for (const k of kids.flat(Infinity)) {
    if (k == null || k === false) continue;
    el.append(k instanceof Node ? k : document.createTextNode(String(k)));
  }
}

/** replace empties el and appends kids. */
export function replace(el, ...kids) { el.replaceChildren(); add(el, kids); return el; }

/** fmtTime renders an ISO timestamp in the browser's locale. */
export function fmtTime(s) {
  if (!s) return '—';
  const d = new Date(s);
  return isNaN(d) ? String(s) : d.toLocaleString();
}

/** fmtSeconds renders a duration in seconds. */
export function fmtSeconds(v) {
  if (v == null || isNaN(v)) return '—';
  return v < 1 ? `${Math.round(v * 1000)} ms` : `${Number(v).toFixed(2)} s`;
}

/** copyButton copies text to the clipboard, falling back to selecting it. */
export function copyButton(getText, label = 'Copy') {
  const b = h('button', { type: 'button', class: 'secondary small' }, label);
  b.addEventListener('click', async () => {
    const text = getText();
    try { await navigator.clipboard.writeText(text); b.textContent = 'Copied'; }
    catch {
      const ta = h('textarea', { class: 'offscreen', 'aria-hidden': 'true', value: text });
      document.body.append(ta); ta.select();
      try { document.execCommand('copy'); b.textContent = 'Copied'; } catch { b.textContent = 'Select and copy'; }
      ta.remove();
    }
    setTimeout(() => { b.textContent = label; }, 2000);
  });
  return b;
}

/** message is a status line: kind is "error", "ok" or "info". Errors are announced. */
export function message(kind, ...text) {
  return h('p', { class: `msg ${kind}`, role: kind === 'error' ? 'alert' : 'status' }, ...text);
}
