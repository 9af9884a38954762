/**
 * The demo provider's launch page: plain HTML and one script (no framework), served by the
 * provider itself. The script talks only to the provider's own endpoints.
 */
import { esc } from '../../content/escape.ts';

export function pageHtml(p: { game: string; title: string; kind: string; token: string; mode: string; lang: string; limit: string; sig: string }): string {
  return `<!doctype html><html lang="${esc(p.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(p.title)}</title>
<style>
body{margin:0;font:15px system-ui,sans-serif;background:#101624;color:#f2f4f8;display:flex;flex-direction:column;align-items:center;padding:12px;gap:10px}
h1{font-size:18px;margin:4px 0}.row{display:flex;gap:8px;flex-wrap:wrap;justify-content:center;align-items:center}
button{font:inherit;border:0;border-radius:8px;padding:10px 14px;background:#2e7d32;color:#fff;min-width:44px;min-height:44px}
button.sel{background:#f9a825;color:#111}button:disabled{opacity:.5}select,input{font:inherit;padding:8px;border-radius:6px;border:0}
.reels{display:flex;gap:8px}.reel{width:84px;height:84px;border-radius:10px;background:#fff;color:#111;display:flex;align-items:center;justify-content:center;font-weight:800;font-size:34px;line-height:1;text-align:center;white-space:pre-line}.reel[data-symbol$=bar]{font-size:15px;line-height:1.15}
.grid{display:grid;grid-template-columns:repeat(10,30px);gap:4px}.grid button{padding:0;min-width:30px;min-height:30px;font-size:12px;background:#37474f}
.grid button.hit{background:#c62828}.grid button.sel.hit{background:#6a1b9a;color:#fff}
.card{display:grid;grid-template-columns:repeat(5,36px);gap:4px;margin:4px}.card span{background:#fff;color:#111;text-align:center;padding:6px 0;border-radius:4px}.card span.hit{background:#f9a825}
.muted{color:#9aa4b5;font-size:12px;word-break:break-all;max-width:360px;text-align:center}#msg{min-height:20px;font-weight:600}
</style></head>
<body data-game="${esc(p.game)}" data-kind="${esc(p.kind)}" data-token="${esc(p.token)}" data-mode="${esc(p.mode)}" data-limit="${esc(p.limit)}" data-sig="${esc(p.sig)}">
<h1 id="title">${esc(p.title)}</h1>
<div class="row"><span>Bakiye: <b id="balance">…</b></span><span id="mode" class="muted"></span></div>
<div id="board"></div>
<div id="msg" role="status"></div>
<div id="fair" class="muted"></div>
<script src="/demo-provider/static/game.js"></script>
</body></html>`;
}

/** The launch page's script (served as /demo-provider/static/game.js: the site's CSP allows only script files). */
export const GAME_JS = String.raw`(() => {
const d = document.body.dataset, $ = (id) => document.getElementById(id);
const board = $('board'), msg = $('msg'), fair = $('fair');
// Amounts in the page's language (1.234,56 TL in Turkish), as the app shows them.
const nf = new Intl.NumberFormat([document.documentElement.lang || 'tr', 'en'], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (v, c) => nf.format(v / 100) + ' ' + (c === 'TRY' ? 'TL' : c);
// A reel shows its symbol, not the symbol's code name ('seven', 'double-bar').
const GLYPHS = { cherry: '🍒', lemon: '🍋', orange: '🍊', plum: '🍇', bell: '🔔', seven: '7️⃣', bar: 'BAR', 'double-bar': 'BAR\nBAR',
  'triple-bar': 'BAR\nBAR\nBAR', diamond: '💎', quartz: '🤍', topaz: '🟡', emerald: '🟢', sapphire: '🔷', ruby: '🔴' };
const glyph = (x) => GLYPHS[x] || x;
let state = { currency: 'TRY' };
const post = async (path, body) => (await fetch('/demo-provider/api/' + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: d.token, ...body }) })).json();
const show = (b) => { if (typeof b === 'number') $('balance').textContent = money(b, state.currency); };
const el = (tag, attrs, text) => { const e = document.createElement(tag); Object.assign(e, attrs || {}); if (text !== undefined) e.textContent = text; return e; };
const say = (t) => { msg.textContent = t; };
const stakeSelect = (min) => { const s = el('select', { id: 'stake' }); for (const v of [1, 2, 5, 10, 20, 50, 100]) { const m = Math.max(min || 100, v * 100); s.append(el('option', { value: String(m) }, money(m, state.currency))); } return s; };

async function init() {
  const r = await post('init', { game: d.game, mode: d.mode, limit: d.limit || undefined, sig: d.sig || undefined });
  if (r.error) { say('Hata: ' + r.error); return; }
  state = r; show(r.balance);
  $('mode').textContent = r.fun ? 'Eğlence modu' : '';
  if (d.kind === 'slot') slot(r); else timed(r);
}

function slot(r) {
  $('title').textContent = document.title + ' · RTP ' + (r.rtp / 100).toFixed(2) + '%';
  const reels = el('div', { className: 'reels' });
  for (let i = 0; i < 3; i++) reels.append(el('div', { className: 'reel', id: 'reel' + i }, '?'));
  const stake = stakeSelect(100), seed = el('input', { value: r.clientSeed, size: 16, 'aria-label': 'client seed' });
  const btn = el('button', { id: 'spin' }, 'Çevir');
  const row = el('div', { className: 'row' }); row.append(stake, btn);
  const seedRow = el('div', { className: 'row' }); seedRow.append(el('span', { className: 'muted' }, 'İstemci tohumu'), seed);
  board.append(reels, row, seedRow);
  fair.textContent = 'Sonraki sunucu tohumu özeti: ' + r.serverSeedHash;
  btn.onclick = async () => {
    btn.disabled = true; say('');
    try {
      const s = await post('spin', { stake: Number(stake.value), clientSeed: seed.value });
      if (s.error) { say(s.error === 'RS_ERROR_NOT_ENOUGH_MONEY' ? 'Bakiye yetersiz' : 'Hata: ' + s.error); return; }
      s.symbols.forEach((x, i) => { const r = $('reel' + i); r.textContent = glyph(x); r.dataset.symbol = x; });
      show(s.balance);
      say(s.win > 0 ? 'Kazanç: ' + money(s.win, state.currency) + ' (x' + s.multiplier + ')' : 'Kazanç yok');
      fair.textContent = 'Tur ' + s.nonce + ' tohum: ' + s.serverSeed + ' · istemci: ' + s.clientSeed + ' · sonraki özet: ' + s.nextServerSeedHash;
    } finally { btn.disabled = false; }
  };
}

function timed(r) {
  const phaseText = { betting: 'Bahisler açık', closed: 'Bahisler kapandı', result: 'Sonuç' };
  const info = el('div', { className: 'row', id: 'phase' }); board.append(info);
  const picks = new Set(); let bets = [];
  const stake = stakeSelect(r.limits && r.limits.min);
  const place = el('button', { id: 'place' }, 'Bahis yap');
  const controls = el('div', { className: 'row' });
  const area = el('div'); board.append(area, controls);
  let card = null;
  if (d.kind === 'roulette') {
    for (const k of ['red', 'black', 'odd', 'even', 'low', 'high']) {
      const b = el('button', {}, { red: 'Kırmızı', black: 'Siyah', odd: 'Tek', even: 'Çift', low: '1-18', high: '19-36' }[k]);
      b.onclick = () => { bets = [{ kind: k }]; [...area.querySelectorAll('button')].forEach((x) => x.classList.remove('sel')); b.classList.add('sel'); };
      area.append(b);
    }
    const num = el('input', { type: 'number', min: 0, max: 36, placeholder: '0-36', style: 'width:70px' });
    num.onchange = () => { bets = [{ kind: 'straight', value: Number(num.value) }]; };
    area.append(num);
  } else if (d.kind === 'keno') {
    const grid = el('div', { className: 'grid' });
    for (let n = 1; n <= 80; n++) { const b = el('button', { id: 'k' + n }, String(n)); b.onclick = () => { if (picks.has(n)) picks.delete(n); else if (picks.size < 10) picks.add(n); b.classList.toggle('sel', picks.has(n)); }; grid.append(b); }
    area.append(grid);
  } else if (d.game === 'virtual-football') {
    const fx = el('div', { className: 'row', id: 'fixture' }); area.append(fx);
  } else if (d.kind === 'bingo-room') {
    const buy = el('button', {}, 'Kart al'); const cards = el('div', { className: 'row', id: 'cards' });
    buy.onclick = async () => { const c = await post('card', {}); card = c.card; cards.replaceChildren(cardView(card, new Set())); bets = [{ kind: 'card', value: card }]; };
    area.append(buy, cards);
  }
  controls.append(stake, place);
  place.onclick = async () => {
    const amount = Number(stake.value);
    const list = d.kind === 'keno' ? [{ kind: 'picks', value: [...picks], amount }] : bets.map((b) => ({ ...b, amount }));
    if (!list.length || (d.kind === 'keno' && !picks.size)) { say('Önce seçim yapınız'); return; }
    const res = await post('bet', { bets: list });
    if (res.error) { say(res.error === 'NO_MORE_BETS' ? 'Bahisler kapandı' : res.error === 'RS_ERROR_NOT_ENOUGH_MONEY' ? 'Bakiye yetersiz' : 'Hata: ' + res.error); return; }
    show(res.balance); say('Bahis alındı (tur ' + res.round + ')');
  };
  let lastRound = -1, lastPhase = '';
  const render = async (i) => {
    info.textContent = phaseText[i.phase] + ' · ' + Math.ceil(i.msLeft / 1000) + ' sn · tur ' + i.round;
    place.disabled = i.phase !== 'betting';
    fair.textContent = 'Tur tohumu özeti: ' + i.seedHash + (i.serverSeed ? ' · tohum: ' + i.serverSeed : '');
    if (i.fixture) { const f = $('fixture'); if (f) f.replaceChildren(...['1', 'X', '2'].map((k) => { const b = el('button', { className: bets[0] && bets[0].kind === k ? 'sel' : '' }, k + ' ' + (i.fixture.odds[k] / 1000).toFixed(2)); b.onclick = () => { bets = [{ kind: k }]; render(i); }; return b; }), el('span', {}, i.fixture.home + ' - ' + i.fixture.away)); }
    if (i.phase === 'result' && i.outcome && (lastPhase !== 'result' || lastRound !== i.round)) {
      const o = i.outcome;
      if (d.kind === 'roulette') say('Sonuç: ' + o.number + ' ' + o.color);
      if (d.kind === 'keno') { for (let n = 1; n <= 80; n++) $('k' + n).classList.toggle('hit', o.drawn.includes(n)); say('Çekilen: ' + o.drawn.join(', ')); }
      if (d.game === 'virtual-football') say(o.home + ' ' + o.score[0] + ' - ' + o.score[1] + ' ' + o.away);
      if (d.kind === 'bingo-room') { say('Çekilen ' + o.calls.length + ' top'); if (card) $('cards').replaceChildren(cardView(card, new Set(o.calls))); }
      setTimeout(async () => { const b = await post('init', { game: d.game, mode: d.mode }); show(b.balance); }, 1500);
    }
    if (i.phase === 'betting' && lastPhase === 'result') { bets = d.kind === 'bingo-room' ? [] : bets; if (d.kind === 'keno') for (let n = 1; n <= 80; n++) $('k' + n).classList.remove('hit'); }
    lastRound = i.round; lastPhase = i.phase;
  };
  const cardView = (c, hits) => { const v = el('div', { className: 'card' }); for (const n of c) v.append(el('span', { className: hits.has(n) ? 'hit' : '' }, String(n))); return v; };
  const connect = (attempt) => {
    const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/demo-provider/ws/' + d.game);
    ws.onmessage = (e) => render(JSON.parse(e.data));
    ws.onclose = () => { if (attempt < 10) setTimeout(() => connect(attempt + 1), 1000 * (attempt + 1)); };
  };
  render(r.round); connect(0);
}
init().catch(() => say('Bağlantı hatası'));
})();`;
