// Shared building blocks of the pages: labelled fields, forms that report errors, paged tables.
import { h, replace, message } from './dom.js';

let seq = 0;

/** field wraps a control with its label (and an optional hint tied by aria-describedby). */
export function field(label, control, hint) {
  const id = control.id || (control.id = 'f' + ++seq);
  const kids = [h('label', { for: id }, label), control];
  if (hint) { const hid = id + '-hint'; control.setAttribute('aria-describedby', hid); kids.push(h('small', { id: hid, class: 'muted' }, hint)); }
  return h('div', { class: 'field' }, kids);
}

export const input = (name, attrs = {}) => h('input', { name, ...attrs });
export const textarea = (name, attrs = {}) => h('textarea', { name, ...attrs });
export function select(name, options, attrs = {}) {
  return h('select', { name, ...attrs }, options.map((o) => Array.isArray(o) ? h('option', { value: o[0] }, o[1]) : h('option', { value: o }, o)));
}

/** form builds a form whose submit runs fn(values, form); errors show under it and the button is
 *  disabled while fn runs. fn may return a node to show as the outcome. */
export function form(attrs, children, submitLabel, fn) {
  const out = h('div', { class: 'outcome', 'aria-live': 'polite' });
  const btn = h('button', { type: 'submit' }, submitLabel);
  const f = h('form', { ...attrs, novalidate: false }, children, h('div', { class: 'actions' }, btn), out);
  f.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    btn.disabled = true;
    replace(out);
    try {
      const r = await fn(values(f), f);
      if (r instanceof Node) replace(out, r);
    } catch (e) { replace(out, errorBox(e)); }
    finally { btn.disabled = false; }
  });
  return f;
}

/** values reads a form's named controls (checkbox groups with the same name become arrays). */
export function values(f) {
  const v = {};
  for (const el of f.elements) {
    if (!el.name) continue;
    if (el.type === 'checkbox') { if (el.dataset.group) { (v[el.name] ||= []); if (el.checked) v[el.name].push(el.value); } else v[el.name] = el.checked; }
    else v[el.name] = el.value;
  }
  return v;
}

/** errorBox shows the service's error message as text, with its code. */
export function errorBox(e) {
  const code = e && e.code ? ` (${e.code})` : '';
  return message('error', (e && e.message) || String(e), code);
}

/** action wraps a button's async handler: disabled while running, error shown after it. */
export function action(label, fn, cls = 'secondary') {
  const b = h('button', { type: 'button', class: cls }, label);
  const out = h('span', { class: 'inline-outcome', 'aria-live': 'polite' });
  b.addEventListener('click', async () => {
    b.disabled = true; replace(out);
    try { const r = await fn(); if (r instanceof Node) replace(out, r); else if (typeof r === 'string') replace(out, message('ok', r)); }
    catch (e) { replace(out, errorBox(e)); }
    finally { b.disabled = false; }
  });
  return h('span', { class: 'action' }, b, out);
}

/** table renders rows (objects) with columns [{key, label, render?}]. */
export function table(columns, rows, caption) {
  return h('div', { class: 'table-wrap' }, h('table', {},
    caption ? h('caption', {}, caption) : null,
    h('thead', {}, h('tr', {}, columns.map((c) => h('th', { scope: 'col' }, c.label)))),
    h('tbody', {}, rows.length ? rows.map((r) => h('tr', {}, columns.map((c) => h('td', {}, c.render ? c.render(r) : cell(r[c.key])))))
      : h('tr', {}, h('td', { colspan: columns.length, class: 'muted' }, 'Nothing here yet.')))));
}

/** cell renders any JSON value as text. */
export function cell(v) {
  if (v == null) return h('span', { class: 'null' }, 'null');
  if (typeof v === 'object') return JSON.stringify(v);
  // Floating-point sums come back as 2812180.9699999997: show at most 4 decimals.
  if (typeof v === 'number' && !Number.isInteger(v)) return String(Number(v.toFixed(4)));
  return String(v);
}

/** pager shows "previous / next" for offset paging; load(offset) redraws. */
export function pager(total, limit, offset, load) {
  const prev = h('button', { type: 'button', class: 'secondary small', disabled: offset <= 0 }, 'Previous');
  const next = h('button', { type: 'button', class: 'secondary small', disabled: offset + limit >= total }, 'Next');
  prev.addEventListener('click', () => load(Math.max(0, offset - limit)));
  next.addEventListener('click', () => load(offset + limit));
  const last = Math.min(total, offset + limit);
  return h('nav', { class: 'pager', 'aria-label': 'Pages' }, prev, h('span', {}, total ? `${offset + 1}–${last} of ${total}` : '0 of 0'), next);
}

/** stat is one figure of a dashboard. */
export function stat(label, value) {
  return h('div', { class: 'stat' }, h('div', { class: 'stat-value' }, value), h('div', { class: 'stat-label' }, label));
}

/** notAvailable is what a page shows when the API does not offer the feature yet (404). */
export function notAvailable(main, title, what) {
  replace(main, h('h1', {}, title), message('info', `${what} is not available on this server yet. This page fills in once the service offers it.`));
}
