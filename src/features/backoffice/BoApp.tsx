import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BoWhoami } from '../../../domain/backoffice/calls.ts';
import { BO_IDLE_MS, SECOND_FACTOR_ROLES, type BoArea } from '../../../domain/backoffice/permissions.ts';
import { bo, onSessionLost, type BoResult } from './bo-client.ts';
import { BoSessionContext } from './session.tsx';
import { AREA_LABEL, GROUP_LABEL, ROLE_LABEL } from './labels.ts';
import { money } from './format.ts';
import { BoLogin } from './BoLogin.tsx';
import { loadBoWords } from './words.ts';
import './bo.css';

type Gate = { step: 'loading' } | { step: 'login'; otp: boolean; expired: boolean } | { step: 'ready'; me: BoWhoami };
/** A session that still needs the second factor asks for the code only; no session asks for everything. */
const gateOf = (r: BoResult<'bo/whoami'>): Gate => (r.status && !r.needOtp ? { step: 'ready', me: r } : { step: 'login', otp: r.status ? r.needOtp : false, expired: false });

/**
 * The back-office area: the login gate (the same login, plus the TOTP code for admin and operator),
 * then the shell: the menu from the permission catalogue, the top bar with the role and balance,
 * and the area in the outlet. A lost session (the server's 15-minute idle expiry, a logout
 * elsewhere) and the local idle timer both bring the login back.
 */
export function BoApp() {
  const { lang } = useParams({ strict: false }) as { lang: string };
  const [gate, setGate] = useState<Gate>({ step: 'loading' });
  // The language whose back-office words are loaded; nothing is drawn before them.
  const [words, setWords] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadBoWords(lang).then(() => { if (live) setWords(lang); });
    return () => { live = false; };
  }, [lang]);

  const whoami = useCallback(() => bo('bo/whoami', {}).then((r) => setGate(gateOf(r))), []);
  useEffect(() => {
    let live = true;
    void bo('bo/whoami', {}).then((r) => { if (live) setGate(gateOf(r)); });
    return () => { live = false; };
  }, []);
  // The boot shell of index.html pictures the player's Home and goes when a player frame (.app)
  // appears; the back office has none, so it takes the picture away itself.
  useEffect(() => { document.getElementById('boot')?.remove(); }, []);
  useEffect(() => {
    onSessionLost((otp) => setGate({ step: 'login', otp, expired: true }));
    return () => onSessionLost(null);
  }, []);

  const me = gate.step === 'ready' ? gate.me : null;
  // The server asks an idle admin or operator for the code again; the screen says so at once.
  useIdle(me !== null && SECOND_FACTOR_ROLES.includes(me.role), () => setGate({ step: 'login', otp: true, expired: true }));
  useSlashFocus();

  if (gate.step === 'loading' || words !== lang) return <div className="bo bo-loading" aria-busy="true" />;
  if (gate.step === 'login') return <BoLogin key={String(gate.otp)} needOtp={gate.otp} expired={gate.expired} onIn={(m) => setGate({ step: 'ready', me: m })} />;
  return (
    <BoSessionContext.Provider value={{ me: gate.me, refresh: whoami, lang }}>
      <Shell me={gate.me} lang={lang} onOut={() => setGate({ step: 'login', otp: false, expired: false })} />
    </BoSessionContext.Provider>
  );
}

function Shell({ me, lang, onOut }: { me: BoWhoami; lang: string; onOut: () => void }) {
  const { t } = useLingui();
  const [menuOpen, setMenuOpen] = useState(false);
  const groups = new Map<BoArea['group'], BoArea[]>();
  for (const a of me.menu) groups.set(a.group, [...(groups.get(a.group) ?? []), a]);
  const logout = async () => { await bo('bo/logout', {}); onOut(); };
  // The tablet's menu drawer closes with Escape like a dialog.
  useEffect(() => {
    if (!menuOpen) return undefined;
    const key = (e: KeyboardEvent) => { if (e.key === 'Escape') setMenuOpen(false); };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [menuOpen]);
  return (
    <div className="bo">
      <header className="bo-top">
        <button type="button" className="bo-btn bo-menu-toggle" aria-expanded={menuOpen} aria-controls="bo-nav" onClick={() => setMenuOpen(!menuOpen)}><Trans>Menu</Trans></button>
        <strong className="bo-brand"><Trans>Back office</Trans></strong>
        <span className="bo-top-spacer" />
        <span className="bo-who"><span className="bo-role">{t(ROLE_LABEL[me.role])}</span> {me.userName}</span>
        <span className="bo-balance" aria-label={t`Balance`}>{money(me.balance, me.currency, lang)}</span>
        {me.transfersBlocked && <span className="bo-badge bo-badge-red"><Trans>Transfers blocked</Trans></span>}
        <button type="button" className="bo-btn" onClick={() => void logout()}><Trans>Log out</Trans></button>
      </header>
      <nav id="bo-nav" className={menuOpen ? 'bo-nav open' : 'bo-nav'} aria-label={t`Back-office menu`} onClick={(e) => { if ((e.target as HTMLElement).closest('a')) setMenuOpen(false); }}>
        {[...groups].map(([g, areas]) => (
          <section key={g}>
            <h2>{t(GROUP_LABEL[g])}</h2>
            <ul>
              {areas.map((a) => (
                <li key={a.key}>
                  <Link to="/$lang/bo/$screen" params={{ lang, screen: a.path }} activeProps={{ 'aria-current': 'page', className: 'active' }}>{t(AREA_LABEL[a.key] ?? GROUP_LABEL[a.group])}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
      <main className="bo-main" id="bo-main"><Outlet /></main>
    </div>
  );
}

/** Calls `expire` after BO_IDLE_MS without a key, pointer or wheel event (admin and operator only). */
function useIdle(on: boolean, expire: () => void): void {
  const last = useRef(0);
  const cb = useRef(expire);
  useEffect(() => { cb.current = expire; }, [expire]);
  useEffect(() => {
    if (!on) return undefined;
    last.current = Date.now();
    const touch = () => { last.current = Date.now(); };
    const events = ['keydown', 'pointerdown', 'wheel'] as const;
    for (const e of events) window.addEventListener(e, touch, { passive: true });
    const h = setInterval(() => { if (Date.now() - last.current >= BO_IDLE_MS) cb.current(); }, 15_000);
    return () => { clearInterval(h); for (const e of events) window.removeEventListener(e, touch); };
  }, [on]);
}

/** `/` focuses the screen's search field (DESIGN.md), unless the user is typing. */
function useSlashFocus(): void {
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return;
      const el = e.target as HTMLElement | null;
      if (el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))) return;
      const field = document.querySelector<HTMLInputElement>('[data-bo-search]');
      if (field) { e.preventDefault(); field.focus(); field.select(); }
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, []);
}
