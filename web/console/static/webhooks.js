// Webhooks: registrations, and per webhook the dashboard (total deliveries, success rate, recent
// failures, average response time over a window), the delivery log, test, re-enable, rotate, replay.
import { h, replace, message, fmtTime, fmtSeconds, copyButton } from './dom.js';
import { get, post, patch, del, qs, enc } from './api.js';
import { field, input, select, form, action, table, stat, pager } from './ui.js';
import { go } from './app.js';

const EVENT_TYPES = ['query.started', 'query.completed', 'query.failed', 'template.created', 'template.executed', 'template.scheduled',
  'agent.created', 'agent.updated', 'agent.assigned', 'user.created', 'user.login', 'user.role_changed',
  'data_source.connected', 'data_source.failed', 'usage.limit_reached'];

export async function webhooksPage(main) {
  const r = (await get('/api/webhooks')).data;
  const list = r.webhooks || r.data || [];
  const f = form({ 'aria-label': 'New webhook' }, [
    field('URL', input('url', { type: 'url', required: true, maxlength: 2000, placeholder: 'https://example.com/hooks/analytics' })),
    field('Description', input('description', { maxlength: 1000 })),
    h('fieldset', { class: 'checks' }, h('legend', {}, 'Events'),
      h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'events', 'data-group': '1', value: '*', checked: true }), ' all events (*)'),
      EVENT_TYPES.map((t) => h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'events', 'data-group': '1', value: t }), ' ', t))),
  ], 'Create webhook', async (v) => {
    const w = (await post('/api/webhooks', { url: v.url, description: v.description, events: v.events })).data;
    const box = h('div', { class: 'secret' }, message('ok', 'Webhook created. Its signing secret is shown only once:'), h('code', { class: 'wrap' }, w.secret || ''),
      copyButton(() => w.secret || '', 'Copy secret'), h('p', {}, h('a', { href: '#/webhooks/' + w.id }, 'Open its dashboard')));
    return box;
  });
  replace(main, h('h1', {}, 'Webhooks'), table([
    { label: 'URL', render: (w) => h('a', { href: '#/webhooks/' + w.id }, w.url) },
    { label: 'Events', render: (w) => (w.events || []).join(', ') },
    { label: 'Status', render: (w) => h('span', { class: 'badge ' + (w.enabled ? 'completed' : 'failed') }, w.enabled ? 'enabled' : 'disabled') },
    { label: 'Description', key: 'description' },
  ], list), h('details', { class: 'panel', open: !list.length }, h('summary', {}, 'New webhook'), f));
}

export async function webhookPage(main, id, params) {
  const w = (await get('/api/webhooks/' + enc(id))).data;
  const windowSel = select('window', [['1h', 'last hour'], ['24h', 'last 24 hours'], ['168h', 'last 7 days'], ['720h', 'last 30 days']], { value: params?.get('window') || '24h' });
  const dash = h('div', { 'aria-live': 'polite' });
  const log = h('div');
  const drawStats = async () => {
    const s = (await get(`/api/webhooks/${enc(id)}/stats` + qs({ window: windowSel.value }))).data;
    replace(dash, h('div', { class: 'stats' },
      stat('Total deliveries', s.total_deliveries), stat('Success rate', s.success_rate == null ? '—' : `${s.success_rate}%`),
      stat('Failed', s.failed), stat('Pending', s.pending), stat('Average response time', fmtSeconds(s.average_response_time))),
      h('h3', {}, 'Recent failures'), attemptsTable(s.recent_failures || []));
  };
  const drawLog = async (offset = 0) => {
    const r = (await get(`/api/webhooks/${enc(id)}/deliveries` + qs({ limit: 20, offset }))).data;
    replace(log, h('div', { class: 'deliveries' }, (r.deliveries || []).map((d) => h('details', { class: 'delivery' },
      h('summary', {}, h('span', { class: 'badge ' + (d.status === 'succeeded' ? 'completed' : d.status) }, d.status), ` ${d.event_type} · ${d.attempts} attempt(s) · `,
        d.last_status_code ? `HTTP ${d.last_status_code} · ` : '', fmtTime(d.created_at), d.replay ? ' · replay' : ''),
      h('p', { class: 'muted' }, `${d.id} · event ${d.event_id}`, d.last_error ? ` · ${d.last_error}` : ''),
      attemptsTable(d.attempt_log || []),
      d.status !== 'pending' ? action('Retry now', async () => { await post(`/api/webhooks/${enc(id)}/deliveries/${enc(d.id)}/retry`); await drawLog(offset); return 'Queued.'; }) : null))),
      (r.deliveries || []).length ? null : message('info', 'No deliveries yet.'),
      pager(r.total || 0, 20, offset, drawLog));
  };
  windowSel.addEventListener('change', drawStats);
  const replay = form({ 'aria-label': 'Replay events', class: 'inline' }, [
    field('Since', input('since', { type: 'datetime-local', required: true })), field('Until (optional)', input('until', { type: 'datetime-local' })),
  ], 'Replay range', async (v) => {
    const iso = (s) => (s ? new Date(s).toISOString().replace(/\.\d{3}Z$/, 'Z') : undefined);
    const r = (await post(`/api/webhooks/${enc(id)}/replay`, { since: iso(v.since), until: iso(v.until) })).data;
    setTimeout(drawLog, 1500);
    return message('ok', `${r.queued} event(s) queued for redelivery.`);
  });
  replace(main, h('h1', {}, 'Webhook'), h('p', {}, h('code', { class: 'wrap' }, w.url)),
    h('p', {}, 'Status: ', h('span', { class: 'badge ' + (w.enabled ? 'completed' : 'failed') }, w.enabled ? 'enabled' : 'disabled'),
      w.disabled_reason ? ` (${w.disabled_reason})` : '', ` · events: ${(w.events || []).join(', ')} · consecutive failures: ${w.consecutive_failures}`),
    h('div', { class: 'actions' },
      action('Send test', async () => { const r = (await post(`/api/webhooks/${enc(id)}/test`)).data; await Promise.all([drawStats(), drawLog()]);
        return r.success ? message('ok', `Delivered: HTTP ${r.status_code} in ${fmtSeconds(r.response_time)}`) : message('error', `Failed: ${r.error || 'HTTP ' + r.status_code}`); }, ''),
      w.enabled ? null : action('Re-enable', async () => { await patch('/api/webhooks/' + enc(id), { enabled: true }); await webhookPage(main, id, params); }),
      action('Rotate secret', async () => { if (!confirm('Rotate the signing secret? The old one keeps working for a while.')) return;
        const r = (await post(`/api/webhooks/${enc(id)}/rotate-secret`)).data;
        return h('span', { class: 'secret' }, 'New secret (shown once): ', h('code', {}, r.secret), copyButton(() => r.secret), ` · old secret valid until ${fmtTime(r.previous_secret_expires_at)}`); }),
      action('Delete', async () => { if (!confirm('Delete this webhook?')) return; await del('/api/webhooks/' + enc(id)); go('webhooks'); }, 'danger')),
    h('h2', {}, 'Dashboard'), field('Window', windowSel), dash,
    h('h2', {}, 'Delivery log'), log,
    h('h2', {}, 'Replay'), replay);
  await Promise.all([drawStats(), drawLog()]);
}

function attemptsTable(attempts) {
  return table([
    { label: 'Attempt', render: (a) => `${a.attempt}${a.retry ? ' (retry)' : ''}` },
    { label: 'When', render: (a) => fmtTime(a.timestamp) },
    { label: 'Event', key: 'event_type' },
    { label: 'Result', render: (a) => (a.success ? 'ok' : 'failed') + (a.status_code ? ` · HTTP ${a.status_code}` : '') },
    { label: 'Time', render: (a) => fmtSeconds(a.response_time) },
    { label: 'Response / error', render: (a) => h('pre', { class: 'excerpt' }, a.error || a.response_excerpt || '') },
  ], attempts);
}
