import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { CoreDb } from '../cache/db.ts';
import { createDataSaverApi } from './data-saver.ts';

describe('data saver setting', () => {
  it('follows the browser until the player chooses, remembers the choice and forgets it on null', async () => {
    const db = new CoreDb(`data-saver-${Math.random()}`);
    const api = createDataSaverApi({ db });
    expect(await api.dataSaver()).toBeNull();
    await api.setDataSaver(true);
    expect(await createDataSaverApi({ db }).dataSaver()).toBe(true);
    await api.setDataSaver(false);
    expect(await api.dataSaver()).toBe(false);
    await api.setDataSaver(null);
    expect(await api.dataSaver()).toBeNull();
    db.close();
  });

  it('is on by the player\'s choice, else by the browser\'s Save-Data', async () => {
    const db = new CoreDb(`data-saver-on-${Math.random()}`);
    let browser = true;
    const api = createDataSaverApi({ db }, () => browser);
    expect(await api.dataSaverOn()).toBe(true);
    browser = false;
    expect(await api.dataSaverOn()).toBe(false);
    await api.setDataSaver(true);
    expect(await api.dataSaverOn()).toBe(true);
    // remembered: a new worker reads the choice back
    expect(await createDataSaverApi({ db }, () => false).dataSaverOn()).toBe(true);
    await api.setDataSaver(false);
    browser = true;
    expect(await api.dataSaverOn()).toBe(false);
    db.close();
  });
});
