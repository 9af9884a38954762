import { lazy, Suspense, type ComponentType } from 'react';
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useBo } from './session.tsx';
import { AREA_LABEL } from './labels.ts';

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, key: K) => lazy(async () => ({ default: (await load())[key] }));

/** Each menu path's screen, loaded when first opened. */
const SCREENS: Record<string, ComponentType> = {
  dealers: named(() => import('./screens/DealersScreen.tsx'), 'DealersScreen'),
  users: named(() => import('./screens/UsersScreen.tsx'), 'UsersScreen'),
  roles: named(() => import('./screens/RolesScreen.tsx'), 'RolesScreen'),
  coupons: named(() => import('./screens/CouponsScreen.tsx'), 'CouponsScreen'),
  credit: named(() => import('./screens/CreditScreen.tsx'), 'CreditScreen'),
  cards: named(() => import('./screens/CardsScreen.tsx'), 'CardsScreen'),
  'user-movements': named(() => import('./screens/MovementsScreen.tsx'), 'UserMovementsScreen'),
  'dealer-movements': named(() => import('./screens/MovementsScreen.tsx'), 'DealerMovementsScreen'),
  accounts: named(() => import('./screens/MovementsScreen.tsx'), 'AccountsScreen'),
  cutoff: named(() => import('./screens/CutoffScreen.tsx'), 'CutoffScreen'),
  transfers: named(() => import('./screens/TransfersScreen.tsx'), 'TransfersScreen'),
  reports: named(() => import('./screens/ReportsScreen.tsx'), 'ReportsScreen'),
  retail: named(() => import('./screens/RetailScreen.tsx'), 'RetailScreen'),
  logs: named(() => import('./screens/LogsScreen.tsx'), 'AuditScreen'),
  'ip-logs': named(() => import('./screens/LogsScreen.tsx'), 'IpLogsScreen'),
  casino: named(() => import('./screens/CasinoScreen.tsx'), 'CasinoScreen'),
  'change-password': named(() => import('./screens/ChangePasswordScreen.tsx'), 'ChangePasswordScreen'),
  results: named(() => import('./screens/ResultsScreen.tsx'), 'ResultsScreen'),
  trading: named(() => import('./screens/TradingScreen.tsx'), 'TradingScreen'),
  'live-settings': named(() => import('./screens/LiveSettingsScreen.tsx'), 'LiveSettingsScreen'),
  feed: named(() => import('./screens/FeedScreen.tsx'), 'FeedScreen'),
  liability: named(() => import('./screens/LiabilityScreen.tsx'), 'LiabilityScreen'),
  catalogue: named(() => import('./screens/CatalogueScreen.tsx'), 'CatalogueScreen'),
  'catalogue-markets': named(() => import('./screens/CatalogueMarketsScreen.tsx'), 'CatalogueMarketsScreen'),
  'content-banners': named(() => import('./screens/ContentBanners.tsx'), 'BannersScreen'),
  'content-pages': named(() => import('./screens/ContentPages.tsx'), 'PagesScreen'),
  'content-popups': named(() => import('./screens/ContentPopups.tsx'), 'PopupsScreen'),
  'content-notifications': named(() => import('./screens/ContentNotifications.tsx'), 'NotificationsScreen'),
  'content-bonuses': named(() => import('./screens/ContentBonuses.tsx'), 'BonusesScreen'),
  'content-payments': named(() => import('./screens/ContentPayments.tsx'), 'PaymentMethodsScreen'),
  'settings-general': named(() => import('./screens/SettingsScreen.tsx'), 'GeneralSettingsScreen'),
  'settings-site': named(() => import('./screens/SettingsScreen.tsx'), 'SiteSettingsScreen'),
  'settings-theme': named(() => import('./screens/SettingsScreen.tsx'), 'ThemeSettingsScreen'),
  'settings-email': named(() => import('./screens/SettingsScreen.tsx'), 'EmailSettingsScreen'),
  'settings-retail': named(() => import('./screens/SettingsScreen.tsx'), 'RetailSettingsScreen'),
};

/** One area of the menu; an area the user's permissions do not show is answered like an unknown one. */
export function BoScreen() {
  const { t } = useLingui();
  const { screen } = useParams({ strict: false }) as { screen: string };
  const { me } = useBo();
  const area = me.menu.find((a) => a.path === screen);
  const Screen = area ? SCREENS[area.path] : undefined;
  if (!area || !Screen) return <p className="bo-empty"><Trans>This page does not exist or is not open to you.</Trans></p>;
  return (
    <>
      <h1 className="bo-title">{t(AREA_LABEL[area.key]!)}</h1>
      <Suspense fallback={<div className="bo-skel-block" aria-busy="true" />}><Screen /></Suspense>
    </>
  );
}
