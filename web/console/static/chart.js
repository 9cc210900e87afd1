// Charts drawn as SVG from the service's `chart` object:
//   {type: "bar"|"line"|"pie"|"scatter"|"table", data: {labels: [...], series: [{name, values}]}}
// Hand-written instead of a vendored library: four chart types need ~200 lines, SVG needs no
// inline styles (CSP style-src 'self' holds), and every label is a text node.
import { svg, h } from './dom.js';

const W = 640, H = 340, PAD = { l: 64, r: 16, t: 16, b: 84 };
const COLORS = ['#1f5fbf', '#d9822b', '#2e9e5b', '#c23b3b', '#7e57c2', '#00897b', '#8d6e63', '#5c6bc0'];

/** renderChart returns an element for the chart, or null when there is nothing to draw. */
export function renderChart(chart) {
  if (!chart || !chart.data) return null;
  const labels = chart.data.labels || [];
  const series = (chart.data.series || []).filter((s) => Array.isArray(s.values));
  if (!series.length || (chart.type !== 'scatter' && !labels.length)) return null;
  const draw = { bar, line, pie, scatter }[chart.type];
  if (!draw) return null;
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img', 'data-chart-type': chart.type,
    'aria-label': `${chart.type} chart of ${series.map((s) => s.name).join(', ')}` });
  draw(root, labels, series);
  const fig = h('figure', { class: 'chart-wrap' }, root);
  if (series.length > 1 || chart.type === 'pie') fig.append(legend(chart.type === 'pie' ? labels : series.map((s) => s.name)));
  return fig;
}

function legend(names) {
  return h('figcaption', { class: 'legend' }, names.slice(0, 12).map((n, i) =>
    h('span', { class: 'legend-item' }, swatch(i), String(n))));
}

function swatch(i) {
  const s = svg('svg', { viewBox: '0 0 10 10', width: 10, height: 10, 'aria-hidden': 'true' });
  s.append(svg('rect', { width: 10, height: 10, fill: COLORS[i % COLORS.length] }));
  return s;
}

function num(v) { return v == null || isNaN(v) ? null : Number(v); }

function extent(series) {
  let lo = 0, hi = 0;
  for (const s of series) for (const v of s.values) { const n = num(v); if (n != null) { lo = Math.min(lo, n); hi = Math.max(hi, n); } }
  if (lo === hi) hi = lo + 1;
  return [lo, hi];
}

function short(v) {
  const a = Math.abs(v);
  if (a >= 1e9) return (v / 1e9).toFixed(1) + 'G';
  if (a >= 1e6) return (v / 1e6).toFixed(1) + 'M';
  if (a >= 1e3) return (v / 1e3).toFixed(1) + 'k';
  return Number.isInteger(v) ? String(v) : v.toFixed(2);
}

function clip(s, n = 14) { s = String(s); return s.length > n ? s.slice(0, n - 1) + '…' : s; }

// axes draws the y grid and returns a value→y mapper.
function axes(root, lo, hi) {
  const y = (v) => PAD.t + (H - PAD.t - PAD.b) * (1 - (v - lo) / (hi - lo));
  for (let i = 0; i <= 4; i++) {
    const v = lo + ((hi - lo) * i) / 4;
    root.append(svg('line', { x1: PAD.l, x2: W - PAD.r, y1: y(v), y2: y(v), class: 'grid' }));
    root.append(svg('text', { x: PAD.l - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'tick' }, short(v)));
  }
  return y;
}

function xLabels(root, labels, xAt) {
  const every = Math.ceil(labels.length / 12);
  labels.forEach((l, i) => {
    if (i % every) return;
    const x = xAt(i);
    root.append(svg('text', { x, y: H - PAD.b + 14, 'text-anchor': 'end', class: 'tick', transform: `rotate(-35 ${x} ${H - PAD.b + 14})` }, clip(l)));
  });
}

function bar(root, labels, series) {
  const [lo, hi] = extent(series);
  const y = axes(root, lo, hi);
  const band = (W - PAD.l - PAD.r) / labels.length;
  const bw = Math.max(1, (band * 0.8) / series.length);
  series.forEach((s, si) => s.values.forEach((v, i) => {
    const n = num(v); if (n == null) return;
    const x = PAD.l + band * i + band * 0.1 + bw * si;
    const top = Math.min(y(n), y(0)), ht = Math.max(1, Math.abs(y(n) - y(0)));
    const r = svg('rect', { x, y: top, width: bw, height: ht, fill: COLORS[si % COLORS.length], class: 'mark' });
    r.append(svg('title', {}, `${labels[i]} · ${s.name}: ${n}`));
    root.append(r);
  }));
  xLabels(root, labels, (i) => PAD.l + band * i + band / 2);
}

function line(root, labels, series) {
  const [lo, hi] = extent(series);
  const y = axes(root, lo, hi);
  const step = labels.length > 1 ? (W - PAD.l - PAD.r) / (labels.length - 1) : 0;
  const x = (i) => PAD.l + step * i + (labels.length > 1 ? 0 : (W - PAD.l - PAD.r) / 2);
  series.forEach((s, si) => {
    let d = '', pen = 'M';
    s.values.forEach((v, i) => { const n = num(v); if (n == null) { pen = 'M'; return; } d += `${pen}${x(i).toFixed(1)},${y(n).toFixed(1)} `; pen = 'L'; });
    root.append(svg('path', { d, fill: 'none', stroke: COLORS[si % COLORS.length], 'stroke-width': 2, class: 'mark' }));
    s.values.forEach((v, i) => {
      const n = num(v); if (n == null) return;
      const c = svg('circle', { cx: x(i), cy: y(n), r: 3, fill: COLORS[si % COLORS.length] });
      c.append(svg('title', {}, `${labels[i]} · ${s.name}: ${n}`));
      root.append(c);
    });
  });
  xLabels(root, labels, x);
}

function pie(root, labels, series) {
  const vals = series[0].values.map((v) => Math.max(0, num(v) || 0));
  const total = vals.reduce((a, b) => a + b, 0) || 1;
  const cx = W / 2, cy = H / 2, r = H / 2 - 16;
  let a0 = -Math.PI / 2;
  vals.forEach((v, i) => {
    const a1 = a0 + (2 * Math.PI * v) / total;
    const large = a1 - a0 > Math.PI ? 1 : 0;
    const p = (a) => `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
    const d = vals.length === 1 || v === total
      ? `M${cx - r},${cy} a${r},${r} 0 1,0 ${2 * r},0 a${r},${r} 0 1,0 ${-2 * r},0`
      : `M${cx},${cy} L${p(a0)} A${r},${r} 0 ${large} 1 ${p(a1)} Z`;
    const path = svg('path', { d, fill: COLORS[i % COLORS.length], stroke: '#fff', class: 'mark' });
    path.append(svg('title', {}, `${labels[i]}: ${v} (${((100 * v) / total).toFixed(1)}%)`));
    root.append(path);
    a0 = a1;
  });
}

function scatter(root, labels, series) {
  const xs = series[0].values.map(num), ys = (series[1] || series[0]).values.map(num);
  const [xlo, xhi] = extent([{ values: xs }]), [ylo, yhi] = extent([{ values: ys }]);
  const y = axes(root, ylo, yhi);
  const x = (v) => PAD.l + (W - PAD.l - PAD.r) * ((v - xlo) / (xhi - xlo));
  for (let i = 0; i <= 4; i++) {
    const v = xlo + ((xhi - xlo) * i) / 4;
    root.append(svg('text', { x: x(v), y: H - PAD.b + 16, 'text-anchor': 'middle', class: 'tick' }, short(v)));
  }
  xs.forEach((xv, i) => {
    if (xv == null || ys[i] == null) return;
    const c = svg('circle', { cx: x(xv), cy: y(ys[i]), r: 4, fill: COLORS[0], 'fill-opacity': 0.7, class: 'mark' });
    c.append(svg('title', {}, `${labels[i] ?? i + 1}: ${series[0].name}=${xv}, ${(series[1] || series[0]).name}=${ys[i]}`));
    root.append(c);
  });
  root.append(svg('text', { x: W / 2, y: H - 8, 'text-anchor': 'middle', class: 'axis-name' }, series[0].name));
  root.append(svg('text', { x: 12, y: PAD.t + 8, class: 'axis-name' }, (series[1] || series[0]).name));
}
