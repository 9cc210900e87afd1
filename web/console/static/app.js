// The console's shell: fragment routing (#/ask, #/agents/agent_x, ...), the navigation and the
// sign-in pages. Pages live in their own modules and only use the public API.
import { h, replace, message } from './dom.js';
import { api, session, post, get } from './api.js';
import { field, input, form, errorBox } from './ui.js';
import { askPage, historyPage, queryPage } from './ask.js';
import { agentsPage, agentPage, newAgentPage, dataSourcesPage, dataSourcePage, usersPage } from './admin.js';
import { apiKeysPage, securityPage } from './settings.js';
import { webhooksPage, webhookPage } from './webhooks.js';
import { templatesPage, templatePage } from './templates.js';
import { billingPage } from './billing.js';

const main = document.getElementById('main');
const nav = document.getElementById('nav');

const routes = [
  [/^login$/, loginPage, true],
  [/^register$/, registerPage, true],
  [/^accept-invite$/, acceptInvitePage, true],
  [/^ask$/, askPage],
  [/^history$/, historyPage],
  [/^queries\/([\w-]+)$/, queryPage],
  [/^templates$/, templatesPage],
  [/^templates\/([\w-]+)$/, templatePage],
  [/^agents$/, agentsPage],
  [/^agents\/new$/, newAgentPage],
  [/^agents\/([\w-]+)$/, agentPage],
  [/^data-sources$/, dataSourcesPage],
  [/^data-sources\/([\w-]+)$/, dataSourcePage],
  [/^users$/, usersPage],
  [/^api-keys$/, apiKeysPage],
  [/^security$/, securityPage],
  [/^webhooks$/, webhooksPage],
  [/^webhooks\/([\w-]+)$/, webhookPage],
  [/^billing$/, billingPage],
];

/** go navigates to a console path such as "ask" or "agents/agent_1". */
export function go(path) { location.hash = '#/' + path; }

function parseHash() {
  const raw = location.hash.replace(/^#\/?/, '');
  const [path, query] = raw.split('?');
  return { path: path || 'ask', params: new URLSearchParams(query || '') };
}

let rendering = 0;
async function render() {
  const n = ++rendering;
  const { path, params } = parseHash();
  const route = routes.find(([re]) => re.test(path));
  if (!route) { drawNav(); replace(main, h('h1', {}, 'Not found'), message('error', 'No page at ', path)); return; }
  const [re, page, isPublic] = route;
  if (!isPublic && !session.token) { go('login'); return; }
  if (!isPublic && !session.me) {
    try { session.me = (await get('/v1/auth/me')).data; } catch (e) { if (!session.token) return; replace(main, errorBox(e)); return; }
  }
  if (n !== rendering) return;
  drawNav();
  replace(main, h('p', { class: 'muted', role: 'status' }, 'Loading…'));
  try { await page(main, ...path.match(re).slice(1), params); }
  catch (e) { if (n === rendering) replace(main, errorBox(e)); }
  document.title = (main.querySelector('h1')?.textContent || 'Console') + ' · Analytics Agent';
  main.focus({ preventScroll: true });
}

function drawNav() {
  const me = session.me;
  const { path } = parseHash();
  const link = (p, label) => h('a', { href: '#/' + p, 'aria-current': path === p || path.startsWith(p + '/') ? 'page' : null }, label);
  if (!session.token || !me) { replace(nav, link('login', 'Sign in'), link('register', 'Register')); return; }
  const admin = me.role === 'admin';
  replace(nav,
    link('ask', 'Ask'), link('history', 'History'), link('templates', 'Templates'),
    admin ? [link('agents', 'Agents'), link('data-sources', 'Data sources'), link('users', 'Users'), link('webhooks', 'Webhooks'), link('billing', 'Billing')] : null,
    link('api-keys', 'API keys'), link('security', 'Security'),
    h('span', { class: 'who', title: me.email }, me.full_name || me.email),
    signOutButton());
}

function signOutButton() {
  const b = h('button', { type: 'button', class: 'link' }, 'Sign out');
  b.addEventListener('click', async () => {
    try { await post('/v1/auth/logout'); } catch { /* the token may already be gone */ }
    session.token = null; session.me = null;
    go('login');
  });
  return b;
}

function signedIn(data) {
  session.token = data.access_token;
  session.me = null;
  go('ask');
}

function loginPage(main) {
  const step = h('div');
  const first = form({ 'aria-label': 'Sign in' }, [
    field('E-mail', input('email', { type: 'email', autocomplete: 'username', required: true, maxlength: 254 })),
    field('Password', input('password', { type: 'password', autocomplete: 'current-password', required: true, maxlength: 200 })),
  ], 'Sign in', async (v) => {
    const r = (await post('/v1/auth/login', { email: v.email, password: v.password })).data;
    if (!r.requires_2fa) return signedIn(r);
    replace(step, h('h2', {}, 'Two-factor code'), form({ 'aria-label': 'Two-factor code' }, [
      field('Code from your authenticator app, or a backup code', input('code', { inputmode: 'numeric', autocomplete: 'one-time-code', required: true, maxlength: 16, autofocus: true })),
    ], 'Verify', async (c) => signedIn((await post('/v1/auth/verify-2fa', { temp_token: r.temp_token, code: c.code.trim() })).data)));
    first.hidden = true;
    step.querySelector('input').focus();
  });
  replace(main, h('section', { class: 'narrow' }, h('h1', {}, 'Sign in'), first, step,
    h('p', {}, 'No account? ', h('a', { href: '#/register' }, 'Register an organization'), '.')));
}

function registerPage(main) {
  replace(main, h('section', { class: 'narrow' }, h('h1', {}, 'Register an organization'), form({}, [
    field('Organization name', input('organization_name', { required: true, maxlength: 200 })),
    field('Your full name', input('full_name', { required: true, maxlength: 200, autocomplete: 'name' })),
    field('E-mail', input('email', { type: 'email', required: true, maxlength: 254, autocomplete: 'email' })),
    field('Password', input('password', { type: 'password', required: true, minlength: 8, maxlength: 200, autocomplete: 'new-password' })),
  ], 'Register', async (v) => {
    await post('/v1/auth/register', v);
    signedIn((await post('/v1/auth/login', { email: v.email, password: v.password })).data);
  })));
}

function acceptInvitePage(main, params) {
  replace(main, h('section', { class: 'narrow' }, h('h1', {}, 'Accept your invitation'), form({}, [
    field('Invitation token', input('token', { required: true, maxlength: 200, value: params.get('token') || '' })),
    field('Your full name', input('full_name', { maxlength: 200, autocomplete: 'name' })),
    field('Choose a password', input('password', { type: 'password', required: true, minlength: 8, maxlength: 200, autocomplete: 'new-password' })),
  ], 'Join', async (v) => signedIn((await post('/v1/auth/accept-invite', v)).data))));
}

window.addEventListener('hashchange', render);
window.addEventListener('signedout', () => { if (!parseHash().path.match(/^(login|register|accept-invite)$/)) go('login'); });
render();
export { api };
