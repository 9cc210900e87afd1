// Templates: saved SQL with typed parameters (/v1/templates, docs/templates.md). The run form is
// generated from the template's parameters; schedules e-mail the result; runs list each
// recipient's delivery.
import { h, replace, message, fmtTime, fmtSeconds } from './dom.js';
import { get, post, patch, del, api, qs, enc, session } from './api.js';
import { field, input, select, textarea, form, table, action, pager } from './ui.js';
import { answer, sqlBlock } from './ask.js';

const isAdmin = () => session.me?.role === 'admin';
const TYPES = ['string', 'integer', 'number', 'date', 'boolean'];

export async function templatesPage(main, params) {
  const from = params && params.get('from_query');
  const agents = new Map(((await get('/v1/agents' + qs({ limit: 200 }))).data.agents || []).map((a) => [a.id, a]));
  const body = h('div');
  const load = async (offset) => {
    const r = (await get('/v1/templates' + qs({ limit: 20, offset }))).data;
    replace(body, table([
      { label: 'Template', render: (t) => h('a', { href: '#/templates/' + t.id }, t.name) },
      { label: 'Agent', render: (t) => agents.get(t.agent_id)?.name || t.agent_id },
      { label: 'Parameters', render: (t) => (t.parameters || []).map((p) => p.name).join(', ') || '—' },
      { label: 'Description', render: (t) => t.description || '' },
      { label: 'Updated', render: (t) => fmtTime(t.updated_at) },
    ], r.templates || [], 'Templates'), pager(r.total || 0, 20, offset, load));
  };
  const kids = [h('h1', {}, 'Templates')];
  if (isAdmin() && from) kids.push(fromQueryForm(from));
  kids.push(body);
  if (isAdmin()) kids.push(newTemplateForm([...agents.values()].filter((a) => a.is_active)));
  replace(main, ...kids);
  await load(0);
}

// fromQueryForm saves an answered question as a template (the server copies its SQL and agent).
function fromQueryForm(queryId) {
  return h('section', { class: 'panel' }, h('h2', {}, 'Save the question as a template'), form({ 'aria-label': 'Save as template' }, [
    field('Name', input('name', { required: true, maxlength: 200 })),
    field('Description', input('description', { maxlength: 2000 })),
  ], 'Save template', async (v) => {
    const t = (await post('/v1/templates', { from_query_id: queryId, name: v.name, description: v.description })).data;
    location.hash = '#/templates/' + t.id;
  }));
}

// newTemplateForm declares one parameter row for every :name found in the SQL.
function newTemplateForm(agents) {
  const sql = textarea('sql', { required: true, rows: 6, maxlength: 20000, placeholder: 'SELECT status, COUNT(*) AS n FROM orders WHERE status = :status GROUP BY status' });
  const paramBox = h('div', { class: 'params' });
  const kept = new Map();
  const detect = () => {
    const names = [...new Set((sql.value.replace(/'(?:[^']|'')*'/g, '').match(/(?<![:\w]):([A-Za-z_]\w*)/g) || []).map((m) => m.slice(1)))];
    replace(paramBox, names.length ? names.map((n) => {
      if (!kept.has(n)) {
        kept.set(n, h('fieldset', { class: 'param', 'data-param': n }, h('legend', {}, ':' + n),
          h('div', { class: 'grid2' }, field('Type', select('type', TYPES)), field('Default (optional)', input('default', { maxlength: 1000 }))),
          h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'required', checked: true }), ' Required')));
      }
      return kept.get(n);
    }) : h('p', { class: 'muted' }, 'Parameters appear here for each :name in the SQL.'));
  };
  sql.addEventListener('input', detect);
  detect();
  return h('section', { class: 'panel' }, h('h2', {}, 'New template'), form({ 'aria-label': 'New template' }, [
    field('Name', input('name', { required: true, maxlength: 200 })),
    field('Agent', select('agent_id', agents.map((a) => [a.id, a.name]), { required: true })),
    field('Description', input('description', { maxlength: 2000 })),
    field('SQL (use :name for parameters)', sql, 'In the dialect of the agent\'s data source; checked against the agent\'s permissions.'),
    paramBox,
  ], 'Create template', async (v) => {
    const parameters = [...paramBox.querySelectorAll('fieldset[data-param]')].map((fs) => {
      const p = { name: fs.dataset.param, type: fs.querySelector('[name=type]').value, required: fs.querySelector('[name=required]').checked };
      const d = fs.querySelector('[name=default]').value;
      if (d !== '') p.default = typed(p.type, d);
      return p;
    });
    const t = (await post('/v1/templates', { name: v.name, agent_id: v.agent_id, description: v.description, sql: v.sql, parameters })).data;
    location.hash = '#/templates/' + t.id;
  }));
}

function typed(type, s) {
  if (type === 'integer' || type === 'number') return s === '' ? null : Number(s);
  if (type === 'boolean') return s === 'true';
  return s;
}

/** paramControl is the input for one declared parameter: a select for allowed values or booleans. */
function paramControl(p, value, prefix = '') {
  const v = value ?? p.default;
  const name = prefix + p.name;
  if (p.type === 'boolean') {
    return select(name, [['', p.required && v == null ? 'choose…' : '(default)'], ['true', 'yes'], ['false', 'no']], { value: v == null ? '' : String(v), required: p.required && v == null });
  }
  if (Array.isArray(p.allowed_values) && p.allowed_values.length) {
    const opts = p.allowed_values.map((a) => String(a));
    return select(name, [...(p.required ? [] : [['', '(none)']]), ...opts], { value: v == null ? (p.required ? opts[0] : '') : String(v) });
  }
  const type = { integer: 'number', number: 'number', date: 'date' }[p.type] || 'text';
  return input(name, { type, step: p.type === 'number' ? 'any' : p.type === 'integer' ? '1' : null,
    required: p.required && p.default == null, value: v == null ? '' : String(v), maxlength: type === 'text' ? 1000 : null });
}

function paramFields(params, prefix = '') {
  return params.map((p) => field(`${p.name} (${p.type}${p.required ? ', required' : ''})`, paramControl(p, undefined, prefix), p.description || null));
}

/** paramValues turns a form's values into typed JSON, leaving out empty optional ones. */
function paramValues(params, v, prefix = '') {
  const out = {};
  for (const p of params) {
    const s = v[prefix + p.name];
    if (s === undefined || s === '') continue;
    out[p.name] = typed(p.type, s);
  }
  return out;
}

// execute runs a template and waits for it, following 202 by polling the execution.
async function execute(t, parameters) {
  let r = await api('POST', `/v1/templates/${enc(t.id)}/execute`, { parameters });
  let e = r.data;
  let delay = 500;
  while (r.status === 202 && (e.status === 'pending' || e.status === 'running')) {
    await new Promise((ok) => setTimeout(ok, delay));
    delay = Math.min(3000, delay * 1.5);
    r = await get('/v1/templates/executions/' + enc(e.execution_id));
    e = r.data;
  }
  return e;
}

function executionResult(t, e) {
  return h('div', {}, h('p', { class: 'muted' }, `Execution ${e.execution_id} · ${e.status} · ${fmtTime(e.created_at)}`),
    answer({ ...e, question: t.name }));
}

export async function templatePage(main, id) {
  const t = (await get('/v1/templates/' + enc(id))).data;
  const params = t.parameters || [];
  // Users who are not admins may not read the agent; its id is shown then.
  const agentName = await get('/v1/agents/' + enc(t.agent_id)).then((r) => r.data.name, () => t.agent_id);
  const out = h('div', { class: 'answer', 'aria-live': 'polite' });
  const executions = h('div');
  const loadExecutions = async (offset = 0) => {
    const r = (await get(`/v1/templates/${enc(t.id)}/executions` + qs({ limit: 10, offset }))).data;
    replace(executions, table([
      { label: 'Ran', render: (e) => fmtTime(e.created_at) },
      { label: 'Status', render: (e) => h('span', { class: 'badge ' + e.status }, e.status, e.error_code ? ` (${e.error_code})` : '') },
      { label: 'Parameters', render: (e) => JSON.stringify(e.parameters || {}) },
      { label: 'Rows', render: (e) => String(e.row_count ?? '—') },
      { label: 'Time', render: (e) => fmtSeconds(e.execution_time) },
      { label: 'By', render: (e) => (e.schedule_run_id ? 'schedule' : 'hand') },
      { label: '', render: (e) => action('Show', async () => { replace(out, executionResult(t, (await get('/v1/templates/executions/' + enc(e.execution_id))).data)); out.scrollIntoView(); }, 'secondary small') },
    ], r.executions || [], 'Executions'), pager(r.total || 0, 10, offset, loadExecutions));
  };
  const run = form({ 'aria-label': `Run ${t.name}` }, params.length ? paramFields(params) : h('p', { class: 'muted' }, 'This template has no parameters.'), 'Run', async (v) => {
    replace(out, h('p', { class: 'muted', role: 'status' }, 'Running…'));
    try { replace(out, executionResult(t, await execute(t, paramValues(params, v)))); }
    catch (e) { replace(out); throw e; }
    loadExecutions().catch(() => {});
  });
  const schedules = h('div');
  const kids = [h('p', {}, h('a', { href: '#/templates' }, '← Templates')), h('h1', {}, t.name),
    t.description ? h('p', {}, t.description) : null, h('p', { class: 'muted' }, `Agent ${agentName} · updated ${fmtTime(t.updated_at)}`),
    sqlBlock(t.sql || ''),
    h('h2', {}, 'Run'), run, out,
    h('h2', {}, 'Executions'), executions,
    h('h2', {}, 'Schedules'), schedules];
  if (isAdmin()) {
    kids.push(scheduleForm(t, params, () => drawSchedules(t, params, schedules)));
    kids.push(h('h2', {}, 'Delete'), action('Delete this template', async () => {
      if (!confirm(`Delete the template "${t.name}" and its schedules?`)) return;
      await del('/v1/templates/' + enc(t.id));
      location.hash = '#/templates';
    }, 'danger'));
  }
  replace(main, ...kids);
  await Promise.all([loadExecutions(), drawSchedules(t, params, schedules)]);
}

function describeSchedule(s) {
  switch (s.type) {
    case 'weekly': return `weekly on ${s.day_of_week} at ${s.time} (${s.timezone})`;
    case 'monthly': return `monthly on day ${s.day_of_month} at ${s.time} (${s.timezone})`;
    case 'cron': return `cron ${s.expression} (${s.timezone})`;
    default: return `${s.type || 'daily'} at ${s.time} (${s.timezone})`;
  }
}

async function drawSchedules(t, params, box) {
  const r = (await get(`/v1/templates/${enc(t.id)}/schedules`)).data;
  const runs = h('div', { 'aria-live': 'polite' });
  const base = `/v1/templates/${enc(t.id)}/schedules/`;
  const redraw = () => drawSchedules(t, params, box);
  replace(box, table([
    { label: 'When', render: (s) => describeSchedule(s.schedule || {}) },
    { label: 'Format', key: 'format' },
    { label: 'Recipients', render: (s) => (s.recipients || []).join(', ') },
    { label: 'Parameters', render: (s) => JSON.stringify(s.parameters || {}) },
    { label: 'State', render: (s) => h('span', { class: 'badge ' + (s.enabled ? 'completed' : 'pending') }, s.enabled ? 'active' : 'paused') },
    { label: 'Next run', render: (s) => (s.enabled ? fmtTime(s.next_run_at) : '—') },
    { label: 'Last run', render: (s) => fmtTime(s.last_run_at) },
    { label: '', render: (s) => h('span', { class: 'actions' },
      action('Runs', async () => { await drawRuns(t, s, runs); }, 'secondary small'),
      isAdmin() ? action(s.enabled ? 'Pause' : 'Resume', async () => { await patch(base + enc(s.id), { enabled: !s.enabled }); await redraw(); }, 'secondary small') : null,
      isAdmin() ? action('Delete', async () => { if (!confirm('Delete this schedule?')) return; await del(base + enc(s.id)); await redraw(); }, 'danger small') : null) },
  ], r.schedules || [], 'Schedules'), runs);
}

async function drawRuns(t, s, box) {
  const r = (await get(`/v1/templates/${enc(t.id)}/schedules/${enc(s.id)}/runs` + qs({ limit: 20 }))).data;
  replace(box, h('h3', {}, `Runs of the ${describeSchedule(s.schedule || {})} schedule`), table([
    { label: 'Due', render: (x) => fmtTime(x.due_at) },
    { label: 'Finished', render: (x) => fmtTime(x.finished_at) },
    { label: 'Status', render: (x) => h('span', { class: 'badge ' + x.status }, x.status) },
    { label: 'Deliveries', render: (x) => (x.deliveries || []).length ? h('ul', { class: 'deliveries' }, x.deliveries.map((d) =>
      h('li', {}, `${d.recipient}: `, h('span', { class: 'badge ' + (d.status === 'delivered' ? 'completed' : d.status) }, d.status),
        ` (${d.attempts} attempt${d.attempts === 1 ? '' : 's'})`, d.error ? ` — ${d.error}` : '', d.delivered_at ? ` at ${fmtTime(d.delivered_at)}` : ''))) : '—' },
    { label: 'Result', render: (x) => (x.execution_id ? action('Show', async () => executionResult(t, (await get('/v1/templates/executions/' + enc(x.execution_id))).data), 'secondary small') : '—') },
  ], r.runs || [], 'Runs'));
}

// scheduleForm shows only the fields the chosen type uses.
function scheduleForm(t, params, done) {
  const typeSel = select('type', [['daily', 'Daily'], ['weekly', 'Weekly'], ['monthly', 'Monthly'], ['cron', 'Cron expression']]);
  const time = field('Time (24 h, in the time zone)', input('time', { type: 'time', value: '08:00', required: true }));
  const dow = field('Day of week', select('day_of_week', ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']));
  const dom = field('Day of month', input('day_of_month', { type: 'number', min: 1, max: 31, value: '1' }), '29–31 run on the last day of shorter months.');
  const cron = field('Cron expression', input('expression', { maxlength: 100, placeholder: '0 8 * * 1-5' }), 'Five fields: minute hour day month weekday.');
  const show = () => {
    const ty = typeSel.value;
    time.hidden = ty === 'cron'; time.querySelector('input').required = ty !== 'cron';
    dow.hidden = ty !== 'weekly'; dom.hidden = ty !== 'monthly';
    cron.hidden = ty !== 'cron'; cron.querySelector('input').required = ty === 'cron';
  };
  typeSel.addEventListener('change', show);
  show();
  const paramBox = params.length ? h('fieldset', {}, h('legend', {}, 'Parameters of each run'), paramFields(params, 'param.')) : null;
  const f = form({ 'aria-label': `Schedule ${t.name}` }, [
    field('Repeat', typeSel), time, dow, dom, cron,
    field('Time zone (IANA)', input('timezone', { required: true, maxlength: 64, value: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' })),
    field('Recipients (comma-separated e-mails)', input('recipients', { required: true, maxlength: 16000 })),
    field('Format', select('format', [['excel', 'Excel (.xlsx)'], ['csv', 'CSV'], ['json', 'JSON']])),
    paramBox,
  ], 'Create schedule', async (v) => {
    const sch = { type: v.type, timezone: v.timezone };
    if (v.type !== 'cron') sch.time = v.time;
    if (v.type === 'weekly') sch.day_of_week = v.day_of_week;
    if (v.type === 'monthly') sch.day_of_month = Number(v.day_of_month);
    if (v.type === 'cron') sch.expression = v.expression;
    const s = (await post(`/v1/templates/${enc(t.id)}/schedule`, { schedule: sch, format: v.format,
      recipients: v.recipients.split(',').map((x) => x.trim()).filter(Boolean), parameters: paramValues(params, v, 'param.') })).data;
    await done();
    return message('ok', `Scheduled; next run ${fmtTime(s.next_run_at)}.`);
  });
  return h('details', { class: 'panel' }, h('summary', {}, 'New schedule'), f);
}

