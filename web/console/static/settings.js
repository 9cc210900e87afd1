// The signed-in user's settings: API keys and two-factor authentication.
import { h, replace, message, fmtTime, copyButton } from './dom.js';
import { get, post, del, enc, session } from './api.js';
import { field, input, form, action, table } from './ui.js';

export async function apiKeysPage(main) {
  const body = h('div');
  const load = async () => {
    const r = (await get('/v1/auth/api-keys')).data;
    replace(body, table([
      { label: 'Name', key: 'name' }, { label: 'Key', render: (k) => h('code', {}, k.key_prefix + '…') },
      { label: 'Created', render: (k) => fmtTime(k.created_at) }, { label: 'Expires', render: (k) => fmtTime(k.expires_at) },
      { label: 'Last used', render: (k) => fmtTime(k.last_used_at) },
      { label: '', render: (k) => action('Revoke', async () => { if (!confirm(`Revoke the key ${k.name}? Programs using it stop working.`)) return; await del('/v1/auth/api-keys/' + enc(k.id)); await load(); }, 'danger small') },
    ], r.api_keys || [], 'Your API keys'));
  };
  const f = form({ 'aria-label': 'New API key' }, [
    field('Name', input('name', { required: true, maxlength: 200 })),
    field('Description', input('description', { maxlength: 1000 })),
    field('Expires in (days)', input('expires_in_days', { type: 'number', min: 1, max: 3650, value: '90' })),
  ], 'Create key', async (v, el) => {
    const k = (await post('/v1/auth/api-keys', { name: v.name, description: v.description, expires_in_days: v.expires_in_days ? Number(v.expires_in_days) : undefined })).data;
    el.reset(); await load();
    return h('div', { class: 'secret' }, message('ok', `Key "${k.name}" created. Copy it now: it is shown only once.`),
      h('code', { class: 'wrap key-value' }, k.key), copyButton(() => k.key, 'Copy key'));
  });
  replace(main, h('h1', {}, 'API keys'), h('p', { class: 'muted' }, 'Programs send a key as Authorization: Bearer <key>.'), f, body);
  await load();
}

export async function securityPage(main) {
  const me = (await get('/v1/auth/me')).data;
  session.me = me;
  const area = h('div');
  if (me.two_factor_enabled) {
    replace(area, message('ok', 'Two-factor authentication is on.'), h('h2', {}, 'Turn it off'), form({ 'aria-label': 'Disable two-factor' }, [
      field('Password', input('password', { type: 'password', required: true, autocomplete: 'current-password', maxlength: 200 })),
      field('Current code', input('code', { required: true, inputmode: 'numeric', autocomplete: 'one-time-code', maxlength: 16 })),
    ], 'Disable two-factor', async (v) => { await post('/v1/auth/disable-2fa', v); await securityPage(main); }));
  } else {
    replace(area, message('info', 'Two-factor authentication is off.'), action('Set up two-factor', async () => {
      const s = (await post('/v1/auth/enable-2fa')).data;
      const qr = String(s.qr_code || '');
      replace(area, h('h2', {}, 'Scan this code with your authenticator app'),
        qr.startsWith('data:image/png;base64,') ? h('img', { src: qr, alt: 'QR code holding the two-factor secret', class: 'qr', width: 200, height: 200 }) : null,
        h('p', {}, 'Or enter the secret: ', h('code', { class: 'secret-text' }, s.secret)),
        h('h3', {}, 'Backup codes'), h('p', {}, 'Each works once if you lose your phone. They are shown only now: store them safely.'),
        h('ul', { class: 'codes' }, (s.backup_codes || []).map((c) => h('li', {}, h('code', {}, c)))),
        copyButton(() => (s.backup_codes || []).join('\n'), 'Copy backup codes'),
        h('h3', {}, 'Confirm'), form({ 'aria-label': 'Confirm two-factor' }, [
          field('Code from the app', input('code', { required: true, inputmode: 'numeric', autocomplete: 'one-time-code', maxlength: 16 })),
        ], 'Turn on two-factor', async (v) => { await post('/v1/auth/confirm-2fa', v); await securityPage(main); }));
    }, ''));
  }
  replace(main, h('h1', {}, 'Security'), h('p', {}, `Signed in as ${me.email} (${me.role}).`), h('h2', {}, 'Two-factor authentication'), area);
}
