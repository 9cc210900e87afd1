// Templates and billing: drawn from the API when the server offers them; until then (404) the
// page says the feature is not available yet.
import { h, replace, message, fmtTime } from './dom.js';
import { get, post, enc } from './api.js';
import { field, input, form, table, stat, notAvailable, errorBox, cell } from './ui.js';
import { answer } from './ask.js';

async function orMissing(main, title, what, path) {
  try { return (await get(path)).data; }
  catch (e) { if (e.status === 404) { notAvailable(main, title, what); return null; } throw e; }
}

export async function templatesPage(main) {
  const r = await orMissing(main, 'Templates', 'Templates', '/v1/templates');
  if (!r) return;
  const list = r.templates || r.data || (Array.isArray(r) ? r : []);
  replace(main, h('h1', {}, 'Templates'), list.length ? list.map(templateCard) : message('info', 'No templates yet.'));
}

function templateCard(t) {
  const params = Array.isArray(t.parameters) ? t.parameters : Object.entries(t.parameters || {}).map(([name, p]) => ({ name, ...(typeof p === 'object' ? p : { type: p }) }));
  const out = h('div', { 'aria-live': 'polite' });
  const run = form({ 'aria-label': `Run ${t.name}` }, params.map((p) => field(p.label || p.name, input(p.name, {
    type: p.type === 'date' ? 'date' : p.type === 'number' || p.type === 'integer' ? 'number' : 'text',
    required: p.required !== false && p.default == null, value: p.default ?? '', maxlength: 500 }), p.description)), 'Run', async (v) => {
    for (const p of params) if ((p.type === 'number' || p.type === 'integer') && v[p.name] !== '') v[p.name] = Number(v[p.name]);
    const r = (await post(`/v1/templates/${enc(t.id)}/execute`, { parameters: v })).data;
    const q = r.query || r.result || r;
    return q.results ? answer({ status: 'completed', ...q }) : h('pre', {}, JSON.stringify(r, null, 2));
  });
  return h('section', { class: 'panel' }, h('h2', {}, t.name || t.id), t.description ? h('p', {}, t.description) : null, run, out);
}

export async function billingPage(main) {
  const sub = await orMissing(main, 'Billing', 'Billing', '/api/billing/subscription');
  if (!sub) return;
  let usage = null;
  try { usage = (await get('/api/billing/usage')).data; } catch (e) { if (e.status !== 404) throw e; }
  const q = sub.quotas || {};
  replace(main, h('h1', {}, 'Billing'),
    h('p', {}, `Plan ${sub.plan} · ${sub.status} · ${sub.billing_cycle} · period ${sub.current_period_start} to ${sub.current_period_end}`),
    usage ? h('div', { class: 'stats' },
      stat('Questions', `${usage.queries_used} / ${usage.queries_limit ?? q.monthly_queries ?? '∞'}`),
      stat('Data sources', `${usage.data_sources_used} / ${q.data_sources ?? '∞'}`),
      stat('Agents', `${usage.ai_agents_used} / ${q.ai_agents ?? '∞'}`),
      stat('Team members', `${usage.team_members} / ${q.team_members ?? '∞'}`)) : null,
    h('h2', {}, 'Features'), table([{ label: 'Feature', key: 'k' }, { label: 'Included', render: (r) => (r.v ? 'yes' : 'no') }],
      Object.entries(sub.features || {}).map(([k, v]) => ({ k, v }))));
}
