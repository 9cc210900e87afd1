// Templates and billing, written against the spec's endpoints (/v1/templates..., /api/billing/...)
// as DECISIONS.md describes them. Until a server offers them, a 404 shows "not available yet";
// each optional part (schedules, invoices, ...) degrades the same way on its own.
import { h, replace, message, fmtTime } from './dom.js';
import { get, post, del, qs, enc, session } from './api.js';
import { field, input, select, textarea, form, table, stat, notAvailable, action, errorBox } from './ui.js';
import { answer } from './ask.js';

async function orMissing(main, title, what, path) {
  try { return (await get(path)).data; }
  catch (e) { if (e.status === 404) { notAvailable(main, title, what); return null; } throw e; }
}

/** optional reads path, returning null when the server does not have it (404). */
async function optional(path) {
  try { return (await get(path)).data; } catch (e) { if (e.status === 404) return null; throw e; }
}

const list = (r, key) => (r && (r[key] || r.data || (Array.isArray(r) ? r : []))) || [];

export async function templatesPage(main, params) {
  const r = await orMissing(main, 'Templates', 'Templates', '/v1/templates' + qs({ limit: 100 }));
  if (!r) return;
  const templates = list(r, 'templates');
  const from = params && params.get('from_query');
  const kids = [h('h1', {}, 'Templates')];
  if (from && session.me?.role === 'admin') kids.push(await saveAsTemplate(from));
  kids.push(templates.length ? templates.map(templateCard) : message('info', 'No templates yet. Save a question as a template from its page.'));
  replace(main, ...kids);
}

// saveAsTemplate turns an answered question into a template (its SQL, no parameters yet).
async function saveAsTemplate(queryId) {
  const q = (await get('/v1/queries/' + enc(queryId))).data;
  return h('section', { class: 'panel' }, h('h2', {}, 'Save as template'), form({ 'aria-label': 'Save as template' }, [
    field('Name', input('name', { required: true, maxlength: 200, value: q.question.slice(0, 200) })),
    field('Description', input('description', { maxlength: 1000 })),
    field('SQL (use :name for parameters)', textarea('sql', { rows: 6, maxlength: 20000, value: q.sql || '' })),
  ], 'Save template', async (v) => {
    const names = [...new Set((v.sql.match(/(?<!:):([A-Za-z_]\w*)/g) || []).map((m) => m.slice(1)))];
    const t = (await post('/v1/templates', { name: v.name, description: v.description, agent_id: q.agent_id, sql: v.sql,
      parameters: names.map((name) => ({ name, type: 'string', required: true })) })).data;
    return message('ok', `Template ${t.name || t.id} saved.`);
  }));
}

function paramInput(p) {
  const type = { integer: 'number', number: 'number', date: 'date' }[p.type] || 'text';
  if (p.type === 'boolean') return select(p.name, [['true', 'yes'], ['false', 'no']], { value: String(p.default ?? 'true') });
  return input(p.name, { type, step: p.type === 'number' ? 'any' : null, required: p.required !== false && p.default == null,
    value: p.default ?? '', maxlength: 500 });
}

function templateCard(t) {
  const params = Array.isArray(t.parameters) ? t.parameters : Object.entries(t.parameters || {}).map(([name, p]) => ({ name, ...(typeof p === 'object' ? p : { type: p }) }));
  const run = form({ 'aria-label': `Run ${t.name}` }, params.map((p) => field(`${p.name} (${p.type || 'string'})`, paramInput(p), p.description)), 'Run', async (v) => {
    for (const p of params) {
      if (v[p.name] === '') { delete v[p.name]; continue; }
      if (p.type === 'integer' || p.type === 'number') v[p.name] = Number(v[p.name]);
      if (p.type === 'boolean') v[p.name] = v[p.name] === 'true';
    }
    const r = (await post(`/v1/templates/${enc(t.id)}/execute`, { parameters: v })).data;
    if (!Array.isArray(r.results)) return h('pre', {}, JSON.stringify(r, null, 2));
    return h('div', {}, h('p', { class: 'muted' }, `Execution ${r.execution_id || ''} · ${r.status || ''}`),
      answer({ status: 'completed', question: t.name, results: r.results, row_count: r.row_count, execution_time: r.execution_time }));
  });
  const schedules = h('div');
  const drawSchedules = async () => {
    const s = await optional(`/v1/templates/${enc(t.id)}/schedules`).catch((e) => { replace(schedules, errorBox(e)); return null; });
    if (!s) return;
    replace(schedules, table([
      { label: 'When', render: (x) => describeSchedule(x.schedule || {}) }, { label: 'Format', key: 'format' },
      { label: 'Recipients', render: (x) => (x.recipients || []).join(', ') }, { label: 'Next run', render: (x) => fmtTime(x.next_run_at) },
      { label: '', render: (x) => action('Delete', async () => { await del(`/v1/templates/${enc(t.id)}/schedules/${enc(x.id)}`); await drawSchedules(); }, 'danger small') },
    ], list(s, 'schedules'), 'Schedules'));
  };
  const typeSel = select('type', ['daily', 'weekly', 'monthly', 'cron']);
  const schedule = form({ 'aria-label': `Schedule ${t.name}` }, [
    h('div', { class: 'grid2' }, field('Repeat', typeSel), field('Time', input('time', { type: 'time', value: '08:00' }))),
    h('div', { class: 'grid2' }, field('Day of week (weekly)', select('day_of_week', ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'])),
      field('Day of month (monthly)', input('day_of_month', { type: 'number', min: 1, max: 31, value: '1' }))),
    field('Cron expression (cron)', input('expression', { maxlength: 100, placeholder: '0 8 * * 1-5' })),
    field('Time zone', input('timezone', { required: true, maxlength: 64, value: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' })),
    field('Recipients (comma-separated e-mails)', input('recipients', { required: true, maxlength: 2000 })),
    field('Format', select('format', [['excel', 'Excel (.xlsx)'], ['csv', 'CSV'], ['json', 'JSON']])),
  ], 'Schedule', async (v) => {
    const sch = { type: v.type, timezone: v.timezone };
    if (v.type !== 'cron') sch.time = v.time;
    if (v.type === 'weekly') sch.day_of_week = v.day_of_week;
    if (v.type === 'monthly') sch.day_of_month = Number(v.day_of_month);
    if (v.type === 'cron') sch.expression = v.expression;
    const r = (await post(`/v1/templates/${enc(t.id)}/schedule`, { schedule: sch, format: v.format,
      recipients: v.recipients.split(',').map((x) => x.trim()).filter(Boolean) })).data;
    await drawSchedules();
    return message('ok', `Scheduled; next run ${fmtTime(r.next_run_at)}.`);
  });
  const card = h('section', { class: 'panel' }, h('h2', {}, t.name || t.id), t.description ? h('p', {}, t.description) : null,
    t.sql ? h('details', {}, h('summary', {}, 'SQL'), h('pre', {}, t.sql)) : null,
    h('h3', {}, 'Run'), run, h('details', {}, h('summary', {}, 'Schedules'), schedules, schedule));
  drawSchedules();
  return card;
}

function describeSchedule(s) {
  switch (s.type) {
    case 'weekly': return `weekly on ${s.day_of_week} at ${s.time} (${s.timezone})`;
    case 'monthly': return `monthly on day ${s.day_of_month} at ${s.time} (${s.timezone})`;
    case 'cron': return `cron ${s.expression} (${s.timezone})`;
    default: return `${s.type || 'daily'} at ${s.time} (${s.timezone})`;
  }
}

const money = (cents, cur = 'usd') => (cents == null ? '—' : `${(cents / 100).toFixed(2)} ${String(cur).toUpperCase()}`);

export async function billingPage(main) {
  const sub = await orMissing(main, 'Billing', 'Billing', '/api/billing/subscription');
  if (!sub) return;
  const [usage, invoices] = await Promise.all([optional('/api/billing/usage'), optional('/api/billing/invoices')]);
  const q = sub.quotas || {};
  const meter = (label, used, limit) => {
    const bar = h('progress', { max: limit || 1, value: Math.min(used || 0, limit || used || 0), 'aria-label': label });
    return h('div', { class: 'stat' }, h('div', { class: 'stat-value' }, `${used ?? 0} / ${limit ?? '∞'}`), h('div', { class: 'stat-label' }, label), bar);
  };
  const reload = () => billingPage(main);
  replace(main, h('h1', {}, 'Billing'),
    h('p', {}, `Plan ${sub.plan} · ${sub.status} · ${sub.billing_cycle} · period ${sub.current_period_start} to ${sub.current_period_end}`,
      sub.cancel_at ? ` · cancels on ${sub.cancel_at}` : ''),
    usage ? h('div', { class: 'stats' },
      meter('Questions this period', usage.queries_used, usage.queries_limit ?? q.monthly_queries),
      meter('Data sources', usage.data_sources_used, q.data_sources), meter('Agents', usage.ai_agents_used, q.ai_agents),
      meter('Team members', usage.team_members, q.team_members), stat('Storage', `${usage.storage_gb ?? 0} GB`)) : null,
    h('h2', {}, 'Features'), table([{ label: 'Feature', key: 'k' }, { label: 'Included', render: (r) => (r.v ? 'yes' : 'no') }],
      Object.entries(sub.features || {}).map(([k, v]) => ({ k, v }))),
    h('h2', {}, 'Change plan'), form({ 'aria-label': 'Change plan', class: 'inline' }, [
      field('Plan', select('plan', ['free', 'starter', 'growth', 'scale'], { value: sub.plan })),
    ], 'Change plan', async (v) => { await post('/api/billing/subscription/change-plan', v); await reload(); },
    ),
    h('p', { class: 'muted' }, 'Upgrades apply at once with a prorated charge; downgrades at the end of the cycle.'),
    h('h2', {}, 'Add-ons'), form({ 'aria-label': 'Buy an add-on' }, [
      field('Add-on', select('type', [['extra_queries', 'Extra questions (packs of 1,000)'], ['extra_users', 'Extra users'], ['extra_storage', 'Extra storage (100 GB units)'], ['premium_support', 'Premium support']])),
      field('Quantity', input('quantity', { type: 'number', min: 1, max: 1000, value: '1' })),
    ], 'Add', async (v) => { await post('/api/billing/add-ons', { type: v.type, quantity: Number(v.quantity) }); return message('ok', 'Add-on added.'); }),
    h('h2', {}, 'Payment method'), form({ 'aria-label': 'Add a payment method' }, [
      field('Card number', input('card_number', { inputmode: 'numeric', autocomplete: 'cc-number', required: true, maxlength: 23 })),
      h('div', { class: 'grid2' }, field('Expiry month', input('exp_month', { type: 'number', min: 1, max: 12, autocomplete: 'cc-exp-month', required: true })),
        field('Expiry year', input('exp_year', { type: 'number', min: 2024, max: 2100, autocomplete: 'cc-exp-year', required: true }))),
      field('CVC', input('cvc', { inputmode: 'numeric', autocomplete: 'cc-csc', required: true, maxlength: 4 })),
      field('Address', input('line1', { required: true, maxlength: 200, autocomplete: 'address-line1' })),
      h('div', { class: 'grid2' }, field('City', input('city', { required: true, maxlength: 100 })), field('State', input('state', { maxlength: 100 }))),
      h('div', { class: 'grid2' }, field('Postal code', input('postal_code', { required: true, maxlength: 20 })), field('Country (2 letters)', input('country', { required: true, maxlength: 2 }))),
    ], 'Save card', async (v, el) => {
      await post('/api/billing/payment-methods', { card_number: v.card_number.replace(/\s/g, ''), exp_month: Number(v.exp_month), exp_year: Number(v.exp_year), cvc: v.cvc,
        billing_address: { line1: v.line1, city: v.city, state: v.state, postal_code: v.postal_code, country: v.country } });
      el.reset();
      return message('ok', 'Card saved.');
    }),
    h('h2', {}, 'Invoices'), invoices ? table([
      { label: 'Invoice', key: 'id' }, { label: 'Date', render: (i) => fmtTime(i.created_at || i.issued_at) },
      { label: 'Amount', render: (i) => money(i.amount_cents ?? i.total_cents ?? i.amount, i.currency) }, { label: 'Status', key: 'status' },
    ], list(invoices, 'invoices')) : message('info', 'Invoices are not available on this server yet.'),
    h('h2', {}, 'Cancel'), action('Cancel at the end of the period', async () => {
      if (!confirm('Cancel the subscription at the end of the current period?')) return;
      await post('/api/billing/subscription/cancel'); await reload();
    }, 'danger'));
}
