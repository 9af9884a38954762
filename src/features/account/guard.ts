import { redirect } from '@tanstack/react-router';
import { core } from '../../core-client.ts';

/**
 * The route guard of section 2: the worker decides with the same rules the server enforces;
 * this only turns its answer into a redirect (Home, or Login with nextUrl).
 */
export async function guardRoute(route: string, lang: string, href: string): Promise<void> {
  await core.session();
  const target = await core.guard(route);
  if (target === 'home') throw redirect({ to: '/$lang', params: { lang }, replace: true });
  if (target === 'login') throw redirect({ to: '/$lang/firstlogin', params: { lang }, search: { nextUrl: href }, replace: true });
}
