import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';

/**
 * The app's router. Made by the app's start (src/main.tsx) in a task after the entry's evaluation,
 * not when this module is evaluated: building it from the route tree was a fifth of that one long
 * task. `intent`: routes load on a hover or a touch, unless the player saves data.
 */
export const createAppRouter = (intent: boolean) =>
  createRouter({ routeTree, defaultPreload: intent ? 'intent' : false, scrollRestoration: true });

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register { router: AppRouter }
  interface StaticDataRouteOption {
    /**
     * Called by the app's start when the route is on the first page's path: asks for what the page
     * draws first, beside the session's calls instead of after the layout's check.
     */
    atStart?: () => void;
  }
}
