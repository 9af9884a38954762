/**
 * Outgoing mail and SMS. There is no mail or SMS client in this server (no SMTP library is
 * installed): messages are written to the mail_outbox and sms_outbox tables, in the caller's
 * transaction, for the operator's relay to send (rows with sent_at null, oldest first). The latest
 * ones are also kept in memory and logged, for the demo console and the tests.
 */
import type { Queryable } from '../db/client.ts';

export interface Mail { to: string; subject: string; body: string; at: number }
export interface Sms { to: string; body: string; at: number }

/** The latest messages (newest last), for the demo console and the tests. */
export const outbox: Mail[] = [];
export const smsOutbox: Sms[] = [];

const quiet = () => process.env.NODE_ENV === 'test' || !!process.env.VITEST;

function remember<T>(list: T[], m: T): void {
  list.push(m);
  if (list.length > 50) list.shift();
}

/** Keeps a mail in memory and logs it (no database at hand: kept for callers that have none). */
export function sendMail(m: Mail): void {
  remember(outbox, m);
  if (!quiet()) console.log(`[mail] to ${m.to}: ${m.subject}\n${m.body}`);
}

/** Queues a mail in mail_outbox (the relay sends it) and keeps it in memory. */
export async function queueMail(q: Queryable, m: Mail): Promise<void> {
  await q.query('insert into mail_outbox (to_address, subject, body, created_at) values ($1, $2, $3, $4)', [m.to, m.subject, m.body, new Date(m.at)]);
  sendMail(m);
}

/** Queues an SMS in sms_outbox (the relay sends it) and keeps it in memory. */
export async function queueSms(q: Queryable, m: Sms): Promise<void> {
  await q.query('insert into sms_outbox (to_number, body, created_at) values ($1, $2, $3)', [m.to, m.body, new Date(m.at)]);
  remember(smsOutbox, m);
  if (!quiet()) console.log(`[sms] to ${m.to}: ${m.body}`);
}
