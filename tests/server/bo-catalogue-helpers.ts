/** Helpers of the issue-13 back-office suites: the admin's session and a dealer's (which holds no team permission). */
import { beforeAll } from 'vitest';
import type { Harness } from './harness.ts';
import { boLogin, create, uname } from './bo-helpers.ts';

/** Registers a beforeAll that logs the admin in and creates a dealer under a new operator; the cookies once it ran. */
export function useTeamAndDealer(h: Harness): { admin: () => string; dealer: () => string } {
  let admin = '';
  let dealer = '';
  beforeAll(async () => {
    const { ensureDemoAdmin } = await import('../../server/content/demo-seed.ts');
    await ensureDemoAdmin(h.db);
    admin = await boLogin(h, 'admin', 'admin1234');
    const operatorId = await create(h, admin, 'bo/createDealer', { role: 'operator', userName: uname('op') });
    const name = uname('d');
    await create(h, admin, 'bo/createDealer', { role: 'dealer', parentId: operatorId, userName: name });
    dealer = await h.login(name, 'pass1234');
  }, 60_000);
  return { admin: () => admin, dealer: () => dealer };
}
