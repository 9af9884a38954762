// The baseline of tests/bench/lighthouse.bench.ts: the app's stack with nothing in it (React 19,
// TanStack Router with a lazy route, Lingui with a catalog), built by Vite like the app. Plain
// JavaScript so that the project's type checks leave it alone.
import { StrictMode, createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Link, Outlet, RouterProvider } from '@tanstack/react-router';
import { i18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';

i18n.loadAndActivate({ locale: 'tr', messages: { hello: 'Merhaba', other: 'Diğer sayfa', home: 'Ana sayfa' } });

function Home() {
  const { i18n: t } = useLingui();
  return h('main', null, h('h1', null, t._('hello')), h('p', null, 'Bahis ve casino: maçlar, oranlar, kuponlar.'),
    h(Link, { to: '/other' }, t._('other')));
}

const root = createRootRoute({ component: () => h(Outlet) });
const routeTree = root.addChildren([
  createRoute({ getParentRoute: () => root, path: '/', component: Home }),
  createRoute({ getParentRoute: () => root, path: '/other', component: lazyRouteComponent(() => import('./other.js')) }),
]);
const router = createRouter({ routeTree });

createRoot(document.getElementById('root')).render(
  h(StrictMode, null, h(I18nProvider, { i18n }, h(RouterProvider, { router }))),
);
