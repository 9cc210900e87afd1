// Administration: agents (with table and column permissions), data sources, users.
import { h, replace, message, fmtTime, fmtSeconds, copyButton } from './dom.js';
import { get, post, patch, del, qs, enc } from './api.js';
import { field, input, textarea, select, form, action, table, stat, errorBox, pager } from './ui.js';
import { renderChart } from './chart.js';
import { go } from './app.js';

const AGENT_TYPES = ['general_data', 'sales_performance', 'marketing_campaign'];

export async function agentsPage(main) {
  const r = (await get('/v1/agents' + qs({ limit: 200 }))).data;
  replace(main, h('h1', {}, 'Agents'), h('div', { class: 'actions' }, h('a', { class: 'button', href: '#/agents/new' }, 'New agent')),
    table([
      { label: 'Name', render: (a) => h('a', { href: '#/agents/' + a.id }, a.name) },
      { label: 'Type', key: 'agent_type' },
      { label: 'Status', render: (a) => h('span', { class: 'badge ' + (a.is_active ? 'completed' : 'failed') }, a.is_active ? 'active' : 'inactive') },
      { label: 'Updated', render: (a) => fmtTime(a.updated_at) },
    ], r.agents || []));
}

async function schemaOf(dsId) {
  if (!dsId) return [];
  try { return (await get(`/v1/data-sources/${enc(dsId)}/schema`)).data.tables || []; } catch { return []; }
}

/** permissionsEditor lets an admin pick tables and allow or deny each column. It returns the
 *  element and a read() giving {allowed_tables, column_permissions} in the detailed shape. */
function permissionsEditor(tables, allowedTables = [], perms = {}) {
  const chosen = new Set(allowedTables);
  const rows = tables.map((t) => {
    const p = perms[t.name] || { allowed: ['*'], denied: [] };
    const allowAll = (p.allowed || []).includes('*');
    const use = h('input', { type: 'checkbox', checked: chosen.has(t.name), 'data-table': t.name, id: 'use-' + t.name });
    const cols = (t.columns || []).map((c) => {
      const denied = (p.denied || []).includes(c.name) || (!allowAll && !(p.allowed || []).includes(c.name));
      const sel = select('perm', [['allow', 'allowed'], ['deny', 'denied']], { 'data-column': c.name, 'aria-label': `${t.name}.${c.name}`, value: denied ? 'deny' : 'allow' });
      return h('li', {}, h('span', { class: 'col-name' }, c.name, h('small', { class: 'muted' }, ' ', c.type || '')), sel);
    });
    const summary = h('summary', {});
    const count = () => {
      const denied = cols.filter((li) => li.querySelector('select').value === 'deny').length;
      summary.textContent = `${cols.length} columns${denied ? `, ${denied} denied` : ''}`;
    };
    count();
    const fs = h('fieldset', { class: 'table-perm', 'data-table': t.name },
      h('legend', {}, use, h('label', { for: 'use-' + t.name }, ` ${t.name}`)),
      h('details', {}, summary, h('ul', { class: 'cols' }, cols)));
    fs.addEventListener('change', count);
    return fs;
  });
  const el = h('div', { class: 'perms' }, tables.length ? rows : message('info', 'The data source has no schema yet: refresh it in Data sources.'));
  const read = () => {
    const allowed_tables = [], column_permissions = {};
    for (const fs of el.querySelectorAll('fieldset[data-table]')) {
      const name = fs.dataset.table;
      if (!fs.querySelector('input[data-table]').checked) continue;
      allowed_tables.push(name);
      const denied = [...fs.querySelectorAll('select[data-column]')].filter((s) => s.value === 'deny').map((s) => s.dataset.column);
      if (denied.length) column_permissions[name] = { allowed: ['*'], denied };
    }
    return { allowed_tables, column_permissions };
  };
  return { el, read };
}

export async function newAgentPage(main) {
  const ds = (await get('/v1/data-sources' + qs({ limit: 200 }))).data.data_sources || [];
  if (!ds.length) { replace(main, h('h1', {}, 'New agent'), message('info', 'Create a data source first.'), h('a', { href: '#/data-sources' }, 'Data sources')); return; }
  const dsSel = select('data_source_id', ds.map((d) => [d.id, d.name]), { required: true });
  const permsBox = h('div');
  let editor;
  const loadPerms = async () => { editor = permissionsEditor(await schemaOf(dsSel.value)); replace(permsBox, editor.el); };
  dsSel.addEventListener('change', loadPerms);
  const f = form({ 'aria-label': 'New agent' }, [
    field('Name', input('name', { required: true, maxlength: 200 })),
    field('Description', input('description', { maxlength: 1000 })),
    field('Type', select('agent_type', AGENT_TYPES)),
    field('Data source', dsSel),
    field('System prompt', textarea('system_prompt', { rows: 4, maxlength: 20000 })),
    h('h2', {}, 'Tables and columns'), permsBox,
    h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'is_active', checked: true }), ' Active'),
  ], 'Create agent', async (v) => {
    const body = { name: v.name, description: v.description, agent_type: v.agent_type, data_source_id: v.data_source_id,
      system_prompt: v.system_prompt, is_active: v.is_active, ...editor.read() };
    const a = (await post('/v1/agents', body)).data;
    go('agents/' + a.id);
  });
  replace(main, h('h1', {}, 'New agent'), f);
  await loadPerms();
}

export async function agentPage(main, id) {
  const a = (await get('/v1/agents/' + enc(id))).data;
  const tables = await schemaOf(a.data_source_id);
  const editor = permissionsEditor(tables, a.allowed_tables || [], a.column_permissions || {});
  const reload = () => agentPage(main, id);
  const details = form({ 'aria-label': 'Agent settings' }, [
    field('Name', input('name', { required: true, maxlength: 200, value: a.name })),
    field('Description', input('description', { maxlength: 1000, value: a.description || '' })),
    field('Type', select('agent_type', AGENT_TYPES, { value: a.agent_type })),
    field('System prompt', textarea('system_prompt', { rows: 6, maxlength: 20000, value: a.system_prompt || '' })),
  ], 'Save', async (v) => { await patch('/v1/agents/' + enc(id), v); return message('ok', 'Saved.'); });
  const perms = h('section', {}, h('h2', {}, 'Tables and columns'), editor.el,
    action('Save permissions', async () => { await patch('/v1/agents/' + enc(id), editor.read()); return 'Permissions saved.'; }, ''));
  const status = h('p', {}, 'Status: ', h('span', { class: 'badge ' + (a.is_active ? 'completed' : 'failed') }, a.is_active ? 'active' : 'inactive'), ' ',
    action(a.is_active ? 'Deactivate' : 'Activate', async () => { await post(`/v1/agents/${enc(id)}/${a.is_active ? 'deactivate' : 'activate'}`); await reload(); }));
  const testOut = h('div', { 'aria-live': 'polite' });
  const test = form({ 'aria-label': 'Test the agent' }, [field('Test question', input('test_query', { required: true, maxlength: 2000 }))], 'Test', async (v) => {
    const r = (await post(`/v1/agents/${enc(id)}/test`, v)).data;
    return h('div', {}, r.success ? message('ok', 'The configuration answers this question.') : message('error', r.error?.message || r.message || 'The test failed.'),
      r.sql_generated ? h('pre', {}, r.sql_generated) : null,
      h('p', {}, 'Tables: ', (r.tables_accessed || []).join(', ') || '—'), h('p', {}, 'Columns: ', (r.columns_accessed || []).join(', ') || '—'));
  });
  replace(main, h('h1', {}, a.name), h('p', { class: 'muted' }, `${a.id} · ${a.agent_type} · created ${fmtTime(a.created_at)}`),
    status, h('div', { class: 'actions' }, h('a', { class: 'button secondary', href: '#/ask?agent=' + enc(id) }, 'Ask this agent')),
    h('div', { class: 'grid2' }, h('section', {}, h('h2', {}, 'Settings'), details), h('section', {}, h('h2', {}, 'Test'), test, testOut)),
    perms, await assignment(id), await statsSection(id));
}

async function assignment(id) {
  const [users, assigned] = await Promise.all([get('/v1/users' + qs({ limit: 200 })), get(`/v1/agents/${enc(id)}/users`)]);
  const has = new Set((assigned.data.users || []).map((u) => u.id));
  const boxes = (users.data.users || []).filter((u) => u.is_active !== false).map((u) =>
    h('label', { class: 'check' }, h('input', { type: 'checkbox', value: u.id, checked: has.has(u.id) }), ` ${u.full_name || ''} <${u.email}> (${u.role})`));
  return h('section', {}, h('h2', {}, 'Assigned users'), h('div', { class: 'checks' }, boxes),
    action('Save assignments', async () => {
      const want = boxes.map((b) => b.querySelector('input')).filter((i) => i.checked).map((i) => i.value);
      const add = want.filter((u) => !has.has(u)), drop = [...has].filter((u) => !want.includes(u));
      if (add.length) await post(`/v1/agents/${enc(id)}/users`, { user_ids: add });
      for (const u of drop) await del(`/v1/agents/${enc(id)}/users/${enc(u)}`);
      add.forEach((u) => has.add(u)); drop.forEach((u) => has.delete(u));
      return 'Assignments saved.';
    }, ''));
}

async function statsSection(id) {
  const box = h('section', {}, h('h2', {}, 'Usage and performance'));
  try {
    const end = new Date(), start = new Date(end - 30 * 864e5);
    const day = (d) => d.toISOString().slice(0, 10);
    const [s, p] = await Promise.all([get(`/v1/agents/${enc(id)}/stats` + qs({ start_date: day(start), end_date: day(end) })), get(`/v1/agents/${enc(id)}/performance`)]);
    const m = s.data.metrics || {};
    const pct = (v) => (v == null ? '—' : `${(v * 100).toFixed(1)}%`);
    box.append(h('p', { class: 'muted' }, 'Last 30 days'), h('div', { class: 'stats' },
      stat('Questions', m.total_queries ?? 0), stat('Users', m.unique_users ?? 0), stat('Success rate', pct(m.success_rate)),
      stat('Average time', fmtSeconds(m.avg_execution_time)), stat('Rows returned', m.total_rows_returned ?? 0)));
    const pf = p.data;
    const c = renderChart({ type: 'bar', data: { labels: ['average', 'p50', 'p95', 'p99'],
      series: [{ name: 'response time (s)', values: [pf.avg_response_time, pf.p50_response_time, pf.p95_response_time, pf.p99_response_time] }] } });
    box.append(h('h3', {}, 'Response time (seconds)'), (m.total_queries && c) || message('info', 'No questions in this period yet.'),
      h('p', {}, `Success ${pct(pf.success_rate)} · errors ${pct(pf.error_rate)} · timeouts ${pct(pf.timeout_rate)}`));
    if ((s.data.common_queries || []).length) box.append(h('h3', {}, 'Common questions'), h('ul', {}, s.data.common_queries.map((q) => h('li', {}, q))));
  } catch (e) { box.append(errorBox(e)); }
  return box;
}

// ---- data sources ----

export async function dataSourcesPage(main) {
  const body = h('div');
  const load = async () => {
    const r = (await get('/v1/data-sources' + qs({ limit: 200 }))).data;
    replace(body, table([
      { label: 'Name', render: (d) => h('a', { href: '#/data-sources/' + d.id }, d.name) },
      { label: 'Type', key: 'type' },
      { label: 'Connection', render: (d) => h('span', { class: 'badge ' + (d.status === 'connected' ? 'completed' : d.status === 'failed' ? 'failed' : 'pending') }, d.status) },
      { label: 'Schema', render: (d) => `${d.schema_status} (${d.table_count} tables)` },
    ], r.data_sources || []));
  };
  const typeSel = select('type', [['postgresql', 'PostgreSQL'], ['mysql', 'MySQL / MariaDB'], ['sqlite', 'SQLite file']]);
  const f = form({ 'aria-label': 'New data source' }, [
    field('Name', input('name', { required: true, maxlength: 200 })), field('Type', typeSel),
    h('div', { class: 'grid2' }, field('Host', input('host', { maxlength: 255 })), field('Port', input('port', { type: 'number', min: 1, max: 65535 }))),
    h('div', { class: 'grid2' }, field('Database', input('database', { maxlength: 255 })), field('User name', input('username', { maxlength: 255, autocomplete: 'off' }))),
    field('Password', input('password', { type: 'password', maxlength: 1000, autocomplete: 'new-password' })),
    field('SSL mode', select('ssl_mode', ['', 'disable', 'require', 'verify-full'])),
    field('SQLite path', input('path', { maxlength: 1000 }), 'Relative to the server\'s SQLite folder; only for SQLite.'),
  ], 'Create data source', async (v) => {
    const body = { name: v.name, type: v.type };
    if (v.type === 'sqlite') body.path = v.path;
    else Object.assign(body, { host: v.host, port: v.port ? Number(v.port) : undefined, database: v.database, username: v.username, password: v.password, ssl_mode: v.ssl_mode || undefined });
    const d = (await post('/v1/data-sources', body)).data;
    go('data-sources/' + d.id);
  });
  replace(main, h('h1', {}, 'Data sources'), body, h('details', { class: 'panel' }, h('summary', {}, 'New data source'), f));
  await load();
}

export async function dataSourcePage(main, id) {
  const d = (await get('/v1/data-sources/' + enc(id))).data;
  const sc = (await get(`/v1/data-sources/${enc(id)}/schema`)).data;
  const reload = () => dataSourcePage(main, id);
  replace(main, h('h1', {}, d.name),
    h('p', { class: 'muted' }, `${d.id} · ${d.type} · ${d.type === 'sqlite' ? d.path : `${d.host}:${d.port}/${d.database}`}`),
    h('p', {}, 'Connection: ', h('span', { class: 'badge' }, d.status), d.last_error ? h('span', { class: 'muted' }, ' ', d.last_error) : null, ` · tested ${fmtTime(d.last_tested_at)}`),
    h('div', { class: 'actions' },
      action('Test connection', async () => { const r = (await post(`/v1/data-sources/${enc(id)}/test`)).data;
        return r.success ? message('ok', `Connected in ${r.latency_ms} ms (${r.server_version || 'server'})`) : message('error', r.error || 'failed', r.reason ? ` (${r.reason})` : ''); }),
      action('Refresh schema', async () => { await post(`/v1/data-sources/${enc(id)}/refresh-schema`); setTimeout(reload, 1500); return 'Refresh requested.'; }),
      action('Delete', async () => { if (!confirm(`Delete data source ${d.name}?`)) return; await del('/v1/data-sources/' + enc(id)); go('data-sources'); }, 'danger')),
    h('h2', {}, `Schema (${sc.table_count} tables, ${sc.schema_status}, refreshed ${fmtTime(sc.refreshed_at)})`),
    h('div', { class: 'schema' }, (sc.tables || []).map((t) => h('details', {}, h('summary', {}, t.name, h('small', { class: 'muted' }, ` ${t.kind} · ~${t.row_count} rows`)),
      table([{ label: 'Column', key: 'name' }, { label: 'Type', key: 'type' }, { label: 'Nullable', render: (c) => (c.nullable ? 'yes' : 'no') },
        { label: 'Samples', render: (c) => (c.sample_values || []).join(', ') }], t.columns || [])))));
}

// ---- users ----

export async function usersPage(main) {
  const body = h('div');
  const agents = (await get('/v1/agents' + qs({ limit: 200 }))).data.agents || [];
  const load = async (offset = 0) => {
    const r = (await get('/v1/users' + qs({ limit: 50, offset }))).data;
    replace(body, table([
      { label: 'Name', key: 'full_name' }, { label: 'E-mail', key: 'email' },
      { label: 'Role', render: (u) => { const s = select('role', ['admin', 'analyst', 'viewer'], { value: u.role, 'aria-label': `Role of ${u.email}` });
        s.addEventListener('change', async () => { try { await patch('/v1/users/' + enc(u.id), { role: s.value }); } catch (e) { alert(e.message); s.value = u.role; } }); return s; } },
      { label: 'Status', render: (u) => u.is_active === false ? 'deactivated' : u.invitation_pending ? 'invited' : 'active' },
      { label: '', render: (u) => u.is_active === false ? '' : action('Deactivate', async () => { if (!confirm(`Deactivate ${u.email}?`)) return; await del('/v1/users/' + enc(u.id)); await load(offset); }, 'danger small') },
    ], r.users || []), pager(r.total || 0, 50, offset, load));
  };
  const invite = form({ 'aria-label': 'Invite a user' }, [
    field('E-mail', input('email', { type: 'email', required: true, maxlength: 254 })),
    field('Full name', input('full_name', { maxlength: 200 })),
    field('Role', select('role', ['analyst', 'viewer', 'admin'])),
    h('fieldset', {}, h('legend', {}, 'Agents'), agents.map((a) => h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'agent_assignments', 'data-group': '1', value: a.id }), ' ', a.name))),
  ], 'Invite', async (v) => {
    const u = (await post('/v1/users', v)).data;
    await load();
    const link = `${location.origin}/#/accept-invite?token=${encodeURIComponent(u.invitation?.token || '')}`;
    return h('div', { class: 'secret' }, message('ok', `Invited ${u.email}. Send them this link (shown once):`), h('code', { class: 'wrap' }, link), copyButton(() => link, 'Copy link'));
  });
  replace(main, h('h1', {}, 'Users'), body, h('details', { class: 'panel' }, h('summary', {}, 'Invite a user'), invite));
  await load();
}
