import { describe, expect, it } from 'vitest';
import { PRODUCT_PERMISSION as CONTRACT_PERMISSION, jackpotReconnectDelay as contractDelay } from '../../../domain/casino/calls.ts';
import { jackpotReconnectDelay } from './contract-values.ts';
import { PRODUCT_PERMISSION, enabledProducts, filterByTitle, openOutcome, parseExtras, productId, productRoute, serverSearch } from './casino-views.ts';

describe('casino views', () => {
  it('the tab bar holds only the products with status 1, in order', () => {
    expect(enabledProducts({ slotUser: { status: 1 }, casinoUser: { status: 0 }, bingoUser: { status: 1 }, tvgamesUser: { status: 1 } })).toEqual(['casino', 'bingo', 'tvgames']);
    expect(enabledProducts(null)).toEqual([]);
  });

  it('search: the server from 3 characters for live casino and slots, never for virtual', () => {
    expect(serverSearch('livecasino', 'ru')).toBe('');
    expect(serverSearch('livecasino', ' rul ')).toBe('rul');
    expect(serverSearch('casino', 'fru')).toBe('fru');
    expect(serverSearch('virtualgames', 'football')).toBe('');
    const games = [{ title: 'Lightning Roulette' }, { title: 'İstanbul Slot' }, { title: 'Fruits' }];
    expect(filterByTitle(games, 'ROUL')).toEqual([games[0]]);
    expect(filterByTitle(games, 'istanbul')).toEqual([games[1]]);
    expect(filterByTitle(games, '  ')).toEqual(games);
  });

  it('the worker\'s copies of the contract values agree with it (permissions, reconnect delays)', () => {
    const name = { casino: 'slots', livecasino: 'livecasino', bingo: 'bingo', virtualgames: 'virtual', tvgames: 'tvgames' } as const;
    for (const p of ['casino', 'livecasino', 'bingo', 'virtualgames', 'tvgames'] as const) expect(CONTRACT_PERMISSION[name[p]]).toBe(PRODUCT_PERMISSION[p]);
    for (let a = 0; a <= 12; a++) expect(jackpotReconnectDelay(a)).toBe(contractDelay(a));
  });

  it('routes map to the contract products and back', () => {
    expect(productId('casino')).toBe(5);
    expect(productId('livecasino')).toBe(4);
    expect(productRoute(6)).toBe('virtualgames');
    expect(productRoute(8)).toBe('bingo');
  });

  it('extras give the limit id and the game id', () => {
    expect(parseExtras('{"limitID":"7","id":"abc"}')).toEqual({ limitId: 7, gameId: 'abc' });
    expect(parseExtras('{"id":"roulette-1","limitID":[3,4]}')).toEqual({ limitId: 3, gameId: 'roulette-1' });
    expect(parseExtras('not json')).toEqual({});
    expect(parseExtras('')).toEqual({});
  });

  it('a game-open reply: notice, missing fields, frame on 8, redirect otherwise, bingo redirects on 2, iOS new tab', () => {
    const req = ['gameurl', 'iframe'] as const;
    expect(openOutcome({ status: false, msg: 'casino limits full' }, { required: req, title: 'x' })).toEqual({ kind: 'error', text: 'casino limits full' });
    expect(openOutcome({ status: false, login: false }, { required: req, title: 'x' })).toEqual({ kind: 'login' });
    expect(openOutcome({ status: true, content: { gameurl: '', iframe: null } }, { required: req, title: 'x' })).toEqual({ kind: 'missing', fields: ['gameurl', 'iframe'] });
    expect(openOutcome({ status: true, content: { gameurl: 'https://g/1', iframe: 8, gameName: 'Fruits' } }, { required: req, title: 'x' })).toEqual({ kind: 'frame', url: 'https://g/1', title: 'Fruits' });
    expect(openOutcome({ status: true, content: { gameurl: 'https://g/1', iframe: 1 } }, { required: req, title: 'x' })).toEqual({ kind: 'redirect', url: 'https://g/1' });
    expect(openOutcome({ status: true, content: { gameurl: 'https://g/1', iframe: 8, frameable: 0 } }, { required: req, title: 'x', ios: true })).toEqual({ kind: 'newtab', url: 'https://g/1' });
    expect(openOutcome({ status: true, content: { gameurl: 'https://b', iframe: 2 } }, { bingo: true, required: ['gameurl'], title: 'Bingo' }).kind).toBe('redirect');
    expect(openOutcome({ status: true, content: { gameurl: 'https://b', iframe: 1 } }, { bingo: true, required: ['gameurl'], title: 'Bingo' }).kind).toBe('frame');
    expect(openOutcome({ status: true, content: { gameurl: 'https://l' } }, { required: ['gameurl'], title: 'Roulette' })).toEqual({ kind: 'frame', url: 'https://l', title: 'Roulette' });
  });
});
