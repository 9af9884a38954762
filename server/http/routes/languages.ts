import type { FastifyInstance } from 'fastify';
import { emptyPayload } from '../../../domain/protocol/calls.ts';
import { offeredLanguages } from '../../../domain/languages.ts';
import { SITE_SETTINGS } from '../../settings/site-settings.ts';
import { defineCall, type CallDeps } from '../call.ts';

/** The `languages` call of account-platform.md section 7 (lang, reqId -> status, results): the offered languages and the default, from the site settings. */
export function registerLanguageCalls(app: FastifyInstance, deps: CallDeps): void {
  defineCall(app, deps, 'languages', emptyPayload, async () => ({ status: true, results: offeredLanguages(SITE_SETTINGS) }));
}
