// Billing (/api/billing, docs/billing.md): the organization's owner manages the plan, add-ons,
// payment methods and cancellation; other admins read the subscription, usage and invoices; the
// service answers 403 to everyone else and the page shows its message.
import { h, replace, message, fmtTime } from './dom.js';
import { get, post, del } from './api.js';
import { field, input, select, form, table, action } from './ui.js';

const money = (cents, cur = 'usd') => (cents == null ? '—' : `${(cents / 100).toFixed(2)} ${String(cur).toUpperCase()}`);
const B = '/api/billing';

/** ownerOnly reads an owner-only resource; a 403 becomes null (the caller is an admin, not the owner). */
async function ownerOnly(path) {
  try { return (await get(path)).data; } catch (e) { if (e.status === 403) return null; throw e; }
}

export async function billingPage(main) {
  let sub;
  try { sub = (await get(B + '/subscription')).data; }
  catch (e) {
    if (e.status !== 403) throw e;
    replace(main, h('h1', {}, 'Billing'), message('info', 'Billing is for the organization\'s administrators: ', e.message || 'permission denied',
      '. Ask the organization\'s owner about the plan.'));
    return;
  }
  const [usage, invoices, addOns, methods] = await Promise.all([
    get(B + '/usage').then((r) => r.data), get(B + '/invoices?limit=24').then((r) => r.data), get(B + '/add-ons').then((r) => r.data),
    ownerOnly(B + '/payment-methods')]);
  const owner = methods !== null;
  const reload = () => billingPage(main);
  const q = sub.quotas || {};
  const kids = [h('h1', {}, 'Billing'),
    h('section', { class: 'panel plan', 'aria-label': 'Plan' },
      h('p', { class: 'plan-line' }, 'Plan ', h('strong', { class: 'plan-name' }, sub.plan), ` · ${sub.status} · ${sub.billing_cycle}`,
        sub.price ? ` · ${money(sub.price.amount, sub.price.currency)} per ${sub.billing_cycle === 'annual' ? 'year' : 'month'}` : ''),
      h('p', { class: 'muted' }, `Current period ${sub.current_period_start} to ${sub.current_period_end}`,
        sub.rate_limits ? ` · rate limits ${sub.rate_limits.per_minute}/minute, ${sub.rate_limits.per_day}/day` : ''),
      sub.cancel_at ? message('info', `The subscription ends on ${sub.cancel_at}.`) : null,
      sub.scheduled_change ? message('info', `Changes to ${sub.scheduled_change.plan} (${sub.scheduled_change.billing_cycle}) on ${sub.scheduled_change.effective_date}.`) : null),
    h('h2', {}, 'Usage this period'),
    h('div', { class: 'stats' },
      meter('Questions', usage.queries_used, usage.queries_limit ?? q.monthly_queries),
      meter('Data sources', usage.data_sources_used, q.data_sources),
      meter('Agents', usage.ai_agents_used, q.ai_agents),
      meter('Team members', usage.team_members, q.team_members),
      meter('Storage (GB)', usage.storage_gb, null)),
    h('p', { class: 'muted' }, `Metered ${usage.period_start} to ${usage.period_end}: `,
      `${usage.metered?.queries_completed ?? 0} questions answered, ${usage.metered?.queries_failed ?? 0} failed, ${usage.metered?.templates_executed ?? 0} template runs`,
      (usage.alerts_sent || []).length ? ` · usage alerts sent at ${usage.alerts_sent.join('%, ')}%` : ''),
    h('h2', {}, 'Features'),
    h('ul', { class: 'features' }, Object.entries(sub.features || {}).map(([k, v]) => h('li', { class: v ? 'on' : 'off' }, `${v ? '✓' : '✗'} ${k.replaceAll('_', ' ')}`))),
    h('h2', {}, 'Add-ons'),
    table([{ label: 'Add-on', key: 'k' }, { label: 'Current', render: (r) => (typeof r.v === 'boolean' ? (r.v ? 'on' : 'off') : String(r.v)) }],
      Object.entries(addOns || {}).map(([k, v]) => ({ k, v })), 'Add-ons'),
  ];
  if (owner) kids.push(addOnForm(reload));
  if (owner) kids.push(...planSection(sub, reload), ...paymentSection(methods, reload));
  else kids.push(message('info', 'Only the organization\'s owner changes the plan, add-ons and payment methods.'));
  kids.push(h('h2', {}, 'Invoices'), invoiceTable(invoices.invoices || []));
  if (owner) {
    kids.push(h('h2', {}, sub.cancel_at ? 'Resume' : 'Cancel'), sub.cancel_at
      ? action('Resume the subscription', async () => { await post(B + '/subscription/resume'); await reload(); })
      : action('Cancel at the end of the period', async () => {
        if (!confirm('Cancel the subscription at the end of the current period?')) return;
        await post(B + '/subscription/cancel'); await reload();
      }, 'danger'));
  }
  replace(main, ...kids);
}

function meter(label, used, limit) {
  const u = Number(used ?? 0);
  const over = limit != null && u >= limit;
  return h('div', { class: 'stat meter' + (over ? ' over' : '') },
    h('div', { class: 'stat-value' }, limit != null ? `${u} / ${limit}` : String(u)),
    h('div', { class: 'stat-label' }, label),
    limit != null ? h('progress', { max: Math.max(limit, 1), value: Math.min(u, limit), 'aria-label': `${label}: ${u} of ${limit}` }) : null);
}

function addOnForm(reload) {
  return form({ 'aria-label': 'Buy an add-on' }, [
    h('div', { class: 'grid2' },
      field('Add-on', select('type', [['extra_queries', 'Extra questions (packs of 1,000, this period)'], ['extra_users', 'Extra users'],
        ['extra_storage', 'Extra storage (100 GB units)'], ['premium_support', 'Premium support (1 on, 0 off)']])),
      field('Quantity', input('quantity', { type: 'number', min: 0, max: 10000, value: '1', required: true }))),
  ], 'Buy', async (v) => {
    const qty = Number(v.quantity);
    const r = (await post(B + '/add-ons', { type: v.type, quantity: v.type === 'premium_support' ? qty > 0 : qty })).data;
    setTimeout(reload, 1500);
    return message('ok', 'Add-on updated', r.invoice ? `; charged ${money(r.invoice.total, r.invoice.currency)} (invoice ${r.invoice.number || r.invoice.id})` : '', '.');
  });
}

function planSection(sub, reload) {
  return [h('h2', {}, 'Change plan'), form({ 'aria-label': 'Change plan' }, [
    h('div', { class: 'grid2' },
      field('Plan', select('plan', ['free', 'starter', 'growth', 'scale'], { value: sub.plan })),
      field('Billing cycle', select('billing_cycle', [['monthly', 'Monthly'], ['annual', 'Annual (10 months\' price)']], { value: sub.billing_cycle }))),
  ], 'Change plan', async (v) => {
    const r = (await post(B + '/subscription/change-plan', v)).data;
    const notes = [message('ok', r.effective === 'immediately' ? `Now on ${r.subscription.plan}.` : `Changes to ${v.plan} at the end of the period.`,
      r.invoice ? ` Charged ${money(r.invoice.total, r.invoice.currency)}.` : '')];
    if ((r.exceeding_quotas || []).length) notes.push(message('info', 'Over the new plan\'s quotas: ', r.exceeding_quotas.map((x) => `${x.quota} ${x.used}/${x.limit}`).join(', ')));
    if ((r.features_lost || []).length) notes.push(message('info', 'Features lost: ', r.features_lost.join(', ')));
    setTimeout(reload, 2500);
    return h('div', {}, notes);
  }), h('p', { class: 'muted' }, 'Upgrades apply at once with a prorated charge; downgrades at the end of the period.')];
}

function paymentSection(methods, reload) {
  const list = methods.payment_methods || [];
  return [h('h2', {}, 'Payment methods'), table([
    { label: 'Card', render: (m) => `${m.brand} •••• ${m.last4}` },
    { label: 'Expires', render: (m) => `${String(m.exp_month).padStart(2, '0')}/${m.exp_year}` },
    { label: 'Address', render: (m) => Object.values(m.billing_address || {}).filter(Boolean).join(', ') },
    { label: 'Default', render: (m) => (m.is_default ? 'default' : action('Make default', async () => { await post(`${B}/payment-methods/${encodeURIComponent(m.id)}/default`); await reload(); }, 'secondary small')) },
    { label: '', render: (m) => action('Remove', async () => { if (!confirm(`Remove the card ending ${m.last4}?`)) return; await del(`${B}/payment-methods/${encodeURIComponent(m.id)}`); await reload(); }, 'danger small') },
  ], list, 'Payment methods'),
  h('details', { class: 'panel' }, h('summary', {}, 'Add a card'), form({ 'aria-label': 'Add a payment method' }, [
    field('Card number', input('card_number', { inputmode: 'numeric', autocomplete: 'cc-number', required: true, maxlength: 23 })),
    h('div', { class: 'grid2' }, field('Expiry month', input('exp_month', { type: 'number', min: 1, max: 12, autocomplete: 'cc-exp-month', required: true })),
      field('Expiry year', input('exp_year', { type: 'number', min: 2024, max: 2100, autocomplete: 'cc-exp-year', required: true }))),
    field('CVC', input('cvc', { inputmode: 'numeric', autocomplete: 'cc-csc', required: true, maxlength: 4 })),
    field('Address', input('line1', { required: true, maxlength: 200, autocomplete: 'address-line1' })),
    h('div', { class: 'grid2' }, field('City', input('city', { maxlength: 200 })), field('State', input('state', { maxlength: 200 }))),
    h('div', { class: 'grid2' }, field('Postal code', input('postal_code', { maxlength: 200 })), field('Country (2 letters)', input('country', { required: true, maxlength: 2 }))),
  ], 'Save card', async (v) => {
    await post(B + '/payment-methods', { card_number: v.card_number.replace(/[\s-]/g, ''), exp_month: Number(v.exp_month), exp_year: Number(v.exp_year), cvc: v.cvc,
      billing_address: { line1: v.line1, city: v.city, state: v.state, postal_code: v.postal_code, country: v.country.toUpperCase() } });
    await reload();
  }))];
}

function invoiceTable(list) {
  return table([
    { label: 'Invoice', render: (i) => h('details', {}, h('summary', {}, i.number || i.id),
      table([{ label: 'Line', key: 'description' }, { label: 'Qty', key: 'quantity' }, { label: 'Unit', render: (l) => money(l.unit_amount, i.currency) },
        { label: 'Amount', render: (l) => money(l.amount, i.currency) }], i.lines || [])) },
    { label: 'Kind', key: 'kind' },
    { label: 'Period', render: (i) => `${i.period_start} – ${i.period_end}` },
    { label: 'Total', render: (i) => money(i.total, i.currency) },
    { label: 'Status', render: (i) => h('span', { class: 'badge ' + (i.status === 'paid' ? 'completed' : i.status) }, i.status) },
    { label: 'Issued', render: (i) => fmtTime(i.created_at) },
  ], list, 'Invoices');
}

