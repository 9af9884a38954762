import { useState } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAction, useKeyed } from '../action.ts';
import { SETTING_FLAGS, SETTINGS_SCREENS, type SettingsScreen } from '../../../../domain/settings/screens.ts';
import type { SiteSettingKey, SiteSettings } from '../../../../domain/settings/site-settings.ts';
import { bo } from '../bo-client.ts';
import { LANGUAGES, LANGUAGE_INFO } from '../../../i18n/languages.ts';

/** The label of every setting in the operator's language. */
const LABEL: Record<SiteSettingKey, MessageDescriptor> = {
  maintenance: msg`Maintenance mode (players see the maintenance page)`, login_screen: msg`Visitors must log in first`,
  register_disabled: msg`Registration closed`, register_activation: msg`Activation after registration (0 none, 1 e-mail, 2 SMS)`,
  registerTcRequired: msg`Identity number required to register`, registerMobileRequired: msg`Mobile number required to register`,
  affiliateStatus: msg`Affiliate area`, tv_access: msg`Live TV`, second_live_view: msg`Second live view`, team_logos: msg`Team logos`,
  live_show_tracker: msg`Live match tracker`, browser_language: msg`Follow the browser language`, orderByTime: msg`Order matches by time`,
  enable_rows: msg`Row view of matches`, payway: msg`Payment methods page`, currencyMode: msg`Currency after the amount`,
  tofixedNumber: msg`Decimals of amounts`, serverId: msg`Server id`, matches_day: msg`Days of matches listed`, coupons_day: msg`Days of coupons listed`,
  coupon_amount_group: msg`Stake buttons (minor units, comma separated)`, virtualgames_ids: msg`Virtual game ids (comma separated)`,
  tvgames_ids: msg`TV game ids (comma separated)`, languages: msg`Languages offered`,
  odds_change_default: msg`Odds changes the slip accepts until the player chooses`,
  liability_market_limit: msg`Liability limit per market (minor units, 0 none)`, liability_match_limit: msg`Liability limit per match (minor units, 0 none)`,
  liability_auto_suspend: msg`Suspend a market automatically when its liability limit refuses a coupon`,
  base_url: msg`Site address`, site_api: msg`Banner image host`, logo_host: msg`Team logo host`, statistic_url: msg`Statistics address`,
  points_table_url: msg`Standings address`, redirectRegister: msg`Registration redirect address`, whatsapp_number: msg`WhatsApp number`,
  facebook_link: msg`Facebook link`, twitter_link: msg`X (Twitter) link`, instagram_link: msg`Instagram link`, telegram_link: msg`Telegram link`,
  youtube_link: msg`YouTube link`, tv_link: msg`TV stream address`, curacao_gaming: msg`Licence link`, footer_text: msg`Footer text`,
  mobile_css: msg`Mobile stylesheet (/site/…css)`, general_js: msg`General script (/site/…js)`,
  default_language: msg`Default language`, default_theme: msg`Default theme`, theme_primary: msg`Main colour`, theme_accent: msg`Accent colour`,
  logo_url: msg`Logo address (/site/ or /media/)`,
  mail_from: msg`Sender address`, smtp_host: msg`Relay host`, smtp_port: msg`Relay port`, smtp_user: msg`Relay user`, smtp_tls: msg`Relay with TLS`,
  ticket_expiry_days: msg`Days a winning shop ticket can be paid`, voucher_expiry_days: msg`Days a cash voucher can be redeemed`,
  booking_valid_hours: msg`Hours a booking code stays valid`, kiosk_idle_warn_sec: msg`Kiosk idle warning after (seconds)`,
  kiosk_idle_reset_sec: msg`Kiosk clears the slip and goes home after (seconds)`,
};

type Value = SiteSettings[SiteSettingKey];

/** One field of a setting, drawn by the kind of its default (flag, number, list, colour, text). */
function Field({ k, value, def, onChange }: { k: SiteSettingKey; value: Value; def: Value; onChange: (v: Value) => void }) {
  const { t } = useLingui();
  const label = t(LABEL[k]);
  if ((SETTING_FLAGS as readonly string[]).includes(k)) {
    return <label className="bo-check"><input type="checkbox" name={k} checked={value === 1} onChange={(e) => onChange(e.target.checked ? 1 : 0)} /><span>{label}</span></label>;
  }
  if (typeof def === 'number') {
    return <label className="bo-field"><span>{label}</span><input type="number" name={k} value={String(value)} onChange={(e) => onChange(Number(e.target.value))} /></label>;
  }
  if (k === 'languages') {
    // The languages the site offers (the `languages` call): one box each, in section 9 order.
    const on = new Set(value as string[]);
    return (
      <fieldset className="bo-field" style={{ gridColumn: '1 / -1' }} data-testid="bo-languages">
        <legend>{label}</legend>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--space-2) var(--space-4)' }}>
          {LANGUAGES.map((l) => (
            <label key={l} className="bo-check">
              <input type="checkbox" name={`languages.${l}`} checked={on.has(l)} onChange={(e) => onChange(LANGUAGES.filter((x) => (x === l ? e.target.checked : on.has(x))))} />
              <span lang={LANGUAGE_INFO[l].tag} dir={LANGUAGE_INFO[l].dir}>{LANGUAGE_INFO[l].native}</span> <small>{l}</small>
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  if (k === 'default_language') {
    return <label className="bo-field"><span>{label}</span><select name={k} value={String(value)} onChange={(e) => onChange(e.target.value)}>{LANGUAGES.map((l) => <option key={l} value={l}>{LANGUAGE_INFO[l].native} ({l})</option>)}</select></label>;
  }
  if (Array.isArray(def)) {
    const text = (value as number[]).join(', ');
    return <label className="bo-field"><span>{label}</span><input name={k} defaultValue={text} onBlur={(e) => onChange(e.target.value.split(',').map((x) => x.trim()).filter(Boolean).map(Number))} /></label>;
  }
  if (k === 'odds_change_default') {
    return (
      <label className="bo-field"><span>{label}</span>
        <select name={k} value={String(value)} onChange={(e) => onChange(e.target.value)}>
          <option value="none">{t`None (refuse any change)`}</option><option value="higher">{t`Higher odds only`}</option><option value="any">{t`Any change`}</option>
        </select>
      </label>
    );
  }
  if (k === 'default_theme') {
    return <label className="bo-field"><span>{label}</span><select name={k} value={String(value)} onChange={(e) => onChange(e.target.value)}><option value="dark">{t`Dark`}</option><option value="light">{t`Light`}</option></select></label>;
  }
  if (k === 'theme_primary' || k === 'theme_accent') {
    return <label className="bo-field"><span>{label}</span><input type="color" name={k} value={String(value)} onChange={(e) => onChange(e.target.value)} /></label>;
  }
  if (k === 'footer_text') {
    return <label className="bo-field" style={{ gridColumn: '1 / -1' }}><span>{label}</span><textarea name={k} rows={3} value={String(value)} onChange={(e) => onChange(e.target.value)} /></label>;
  }
  return <label className="bo-field"><span>{label}</span><input name={k} value={String(value)} onChange={(e) => onChange(e.target.value)} /></label>;
}

const fetchSettings = () => bo('bo/siteSettings', {});

/** One settings screen: its settings as a form; Save sends only what changed (audited on the server). */
function SettingsForm({ screen }: { screen: SettingsScreen }) {
  const act = useAction();
  const { data, reload } = useKeyed('site', fetchSettings);
  const [draft, setDraft] = useState<Partial<SiteSettings>>({});
  const loaded = data?.status ? data : null;
  if (!loaded) return <div className="bo-skel-block" aria-busy="true" />;
  const keys = SETTINGS_SCREENS[screen] as readonly SiteSettingKey[];
  const changed = Object.keys(draft).length > 0;
  const save = async () => {
    const r = await act.run(() => bo('bo/saveSiteSettings', { screen, settings: draft }));
    if (r) { setDraft({}); reload(); }
  };
  return (
    <form className="bo-panel" onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <div className="bo-grid-form">
        {keys.map((k) => (
          <Field key={k} k={k} value={(k in draft ? draft[k] : loaded.settings[k]) as Value} def={loaded.defaults[k]} onChange={(v) => setDraft((d) => ({ ...d, [k]: v }))} />
        ))}
      </div>
      {act.error && <p className="bo-error" role="alert">{act.error}</p>}
      {act.done && <p className="bo-ok" role="status">{act.done}</p>}
      <div className="bo-actions" style={{ marginBlockStart: 'var(--space-3)' }}>
        <button type="submit" className="bo-btn bo-btn-primary" disabled={act.busy || !changed}><Trans>Save</Trans></button>
        <button type="button" className="bo-btn" disabled={act.busy || !changed} onClick={() => setDraft({})}><Trans>Undo changes</Trans></button>
      </div>
    </form>
  );
}

export const GeneralSettingsScreen = () => <SettingsForm screen="general" />;
export const SiteSettingsScreen = () => <SettingsForm screen="site" />;
export const ThemeSettingsScreen = () => <SettingsForm screen="theme" />;
export const EmailSettingsScreen = () => <SettingsForm screen="email" />;
export const RetailSettingsScreen = () => <SettingsForm screen="retail" />;
