// Asking questions and reading answers: SQL, sortable paged table, chart, timings, refusals.
import { h, replace, message, fmtTime, fmtSeconds, copyButton } from './dom.js';
import { get, post, qs, enc, session } from './api.js';
import { field, select, textarea, errorBox, table, pager, cell } from './ui.js';
import { renderChart } from './chart.js';

const STEPS = ['pending', 'running', 'completed'];

async function myAgents() {
  const r = (await get('/v1/agents' + qs({ limit: 200 }))).data;
  const mine = session.me && session.me.role !== 'admin' ? new Set(session.me.assigned_agents || []) : null;
  return (r.agents || []).filter((a) => a.is_active && (!mine || mine.has(a.id)));
}

export async function askPage(main, params) {
  const agents = await myAgents();
  if (!agents.length) {
    replace(main, h('h1', {}, 'Ask'), message('info', 'No active agent is assigned to you yet. An administrator assigns agents in Agents.'));
    return;
  }
  const agentSel = select('agent_id', agents.map((a) => [a.id, a.name]), { required: true });
  const pre = params && params.get('agent');
  if (pre && agents.some((a) => a.id === pre)) agentSel.value = pre;
  const q = textarea('question', { required: true, maxlength: 2000, rows: 3, placeholder: 'e.g. top 5 products by revenue in 2024', value: (params && params.get('q')) || '' });
  const btn = h('button', { type: 'submit' }, 'Ask');
  const out = h('div', { class: 'answer', 'aria-live': 'polite' });
  const f = h('form', { class: 'ask', 'aria-label': 'Ask a question' }, field('Agent', agentSel), field('Question', q), h('div', { class: 'actions' }, btn));
  q.addEventListener('keydown', (e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) f.requestSubmit(); });
  f.addEventListener('submit', async (e) => {
    e.preventDefault();
    const question = q.value.trim();
    if (!question) return;
    btn.disabled = true;
    try { await ask(out, agentSel.value, question); } finally { btn.disabled = false; }
  });
  replace(main, h('h1', {}, 'Ask'), f, out);
  q.focus();
}

async function ask(out, agentId, question) {
  const progress = steps('pending');
  replace(out, progress);
  let r;
  try {
    r = await post('/v1/queries', { question, agent_id: agentId, include_sql: true, include_chart: true }, { Prefer: 'respond-async' });
  } catch (e) { replace(out, failure(e)); return; }
  await follow(out, r.data, progress);
}

// follow polls a query until it settles, showing pending → running → completed.
async function follow(out, q, progress) {
  progress ||= steps(q.status);
  let delay = 300;
  while (q.status === 'pending' || q.status === 'running') {
    replace(out, progress); setStep(progress, q.status);
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(2000, delay * 1.5);
    if (!out.isConnected) return;
    q = (await get('/v1/queries/' + enc(q.id))).data;
  }
  setStep(progress, q.status);
  replace(out, progress, answer(q));
}

function steps(current) {
  return h('ol', { class: 'steps', 'aria-label': 'Progress' }, STEPS.map((s) => h('li', { 'data-step': s }, s)));
}

function setStep(ol, status) {
  const i = status === 'failed' ? 2 : STEPS.indexOf(status);
  [...ol.children].forEach((li, j) => {
    li.className = j < i ? 'done' : j === i ? (status === 'failed' ? 'failed' : status === 'completed' ? 'done' : 'current') : '';
    if (j === 2 && status === 'failed') li.textContent = 'failed';
    li.setAttribute('aria-current', j === i ? 'step' : 'false');
  });
}

function failure(e) {
  const box = h('div', { class: 'refusal', role: 'alert' }, h('strong', {}, 'The question was not answered: '), e.message, h('span', { class: 'muted' }, ` (${e.code})`));
  const d = e.details || {};
  const extra = [];
  if (d.reason) extra.push(h('p', {}, 'Reason: ', String(d.reason)));
  if (d.sql) extra.push(sqlBlock(String(d.sql)));
  return h('div', {}, box, extra);
}

/** answer renders a settled query (completed or failed). */
export function answer(q) {
  if (q.status === 'failed') {
    const e = q.error || {};
    return failure({ message: e.message, code: e.code, details: { ...(e.details || {}), sql: q.sql } });
  }
  const rows = Array.isArray(q.results) ? q.results : [];
  const cols = (q.columns && q.columns.length ? q.columns.map((c) => c.name) : Object.keys(rows[0] || {}));
  const t = q.timings || {};
  const meta = h('p', { class: 'meta' },
    `${q.row_count ?? rows.length} row(s)${q.truncated ? ' (truncated)' : ''} · executed in ${fmtSeconds(q.execution_time)}`,
    t.generation != null ? ` · generation ${fmtSeconds(t.generation)}, guard ${fmtSeconds(t.guard)}, execution ${fmtSeconds(t.execution)}` : '');
  const chartEl = renderChart(q.chart);
  return h('div', { class: 'result' },
    h('h2', { class: 'question' }, q.question || ''), meta,
    chartEl || message('info', 'No chart fits this result; the table shows it.'),
    q.sql ? sqlBlock(q.sql) : null,
    resultTable(cols, rows));
}

const KEYWORDS = /^(select|from|where|group|by|order|limit|offset|join|left|right|inner|outer|on|as|and|or|not|in|is|null|sum|count|avg|min|max|desc|asc|having|with|case|when|then|else|end|distinct|between|like|union|all|cast|extract|coalesce|round)$/i;

/** sqlBlock shows SQL highlighted (keywords, strings, numbers) with a copy button. */
export function sqlBlock(sql) {
  const code = h('code', {});
  for (const tok of sql.match(/'(?:[^']|'')*'|"[^"]*"|\b\d+(?:\.\d+)?\b|\w+|\s+|./g) || []) {
    let cls = null;
    if (tok.startsWith("'")) cls = 'tok-str'; else if (/^\d/.test(tok)) cls = 'tok-num'; else if (KEYWORDS.test(tok)) cls = 'tok-kw';
    code.append(cls ? h('span', { class: cls }, tok) : document.createTextNode(tok));
  }
  return h('details', { class: 'sql', open: true }, h('summary', {}, 'SQL'), h('div', { class: 'sql-box' }, h('pre', {}, code), copyButton(() => sql, 'Copy SQL')));
}

/** resultTable is sortable (click a header) and paged (25 rows a page). */
function resultTable(cols, rows) {
  const wrap = h('div', { class: 'results' });
  let sortKey = null, dir = 1, offset = 0;
  const size = 25;
  const draw = () => {
    const sorted = sortKey == null ? rows : [...rows].sort((a, b) => cmp(a[sortKey], b[sortKey]) * dir);
    const page = sorted.slice(offset, offset + size);
    const head = cols.map((c) => {
      const b = h('button', { type: 'button', class: 'sort' }, c, sortKey === c ? (dir > 0 ? ' ▲' : ' ▼') : '');
      b.addEventListener('click', () => { dir = sortKey === c ? -dir : 1; sortKey = c; offset = 0; draw(); wrap.querySelector(`th:nth-child(${cols.indexOf(c) + 1}) button`)?.focus(); });
      return h('th', { scope: 'col', 'aria-sort': sortKey === c ? (dir > 0 ? 'ascending' : 'descending') : 'none' }, b);
    });
    replace(wrap, h('div', { class: 'table-wrap' }, h('table', { class: 'data' }, h('caption', { class: 'sr-only' }, 'Query results'),
      h('thead', {}, h('tr', {}, head)),
      h('tbody', {}, page.map((r) => h('tr', {}, cols.map((c) => h('td', { class: typeof r[c] === 'number' ? 'num' : null }, cell(r[c])))))))),
      rows.length > size ? pager(rows.length, size, offset, (o) => { offset = o; draw(); }) : null);
  };
  draw();
  return wrap;
}

function cmp(a, b) {
  if (a == null) return b == null ? 0 : 1;
  if (b == null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

export async function historyPage(main, params) {
  const agents = new Map(((await get('/v1/agents' + qs({ limit: 200 }))).data.agents || []).map((a) => [a.id, a.name]));
  const body = h('div');
  const load = async (offset) => {
    const r = (await get('/v1/queries' + qs({ limit: 20, offset }))).data;
    replace(body, table([
      { label: 'Question', render: (q) => h('a', { href: '#/queries/' + q.id }, q.question) },
      { label: 'Agent', render: (q) => agents.get(q.agent_id) || q.agent_id },
      { label: 'Status', render: (q) => h('span', { class: 'badge ' + q.status }, q.status) },
      { label: 'Time', render: (q) => fmtSeconds(q.execution_time) },
      { label: 'Asked', render: (q) => fmtTime(q.created_at) },
    ], r.queries || []), pager(r.total || 0, 20, offset, load));
  };
  replace(main, h('h1', {}, 'History'), body);
  await load(0);
}

export async function queryPage(main, id) {
  const q = (await get('/v1/queries/' + enc(id))).data;
  const out = h('div', { class: 'answer', 'aria-live': 'polite' });
  const again = h('a', { class: 'button secondary', href: '#/ask?' + new URLSearchParams({ agent: q.agent_id, q: q.question }) }, 'Ask again');
  const tpl = h('a', { class: 'button secondary', href: '#/templates?' + new URLSearchParams({ from_query: q.id }) }, 'Save as template');
  replace(main, h('h1', {}, 'Question'), h('p', { class: 'muted' }, `Asked ${fmtTime(q.created_at)}`), h('div', { class: 'actions' }, again, tpl), out);
  await follow(out, q);
}
