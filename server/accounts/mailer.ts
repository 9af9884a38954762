/** Outgoing mail. No mail server is configured yet: messages are logged and kept in a short outbox. */
export interface Mail { to: string; subject: string; body: string; at: number }

/** The latest messages (newest last), for the demo console and the tests. */
export const outbox: Mail[] = [];

export function sendMail(m: Mail): void {
  outbox.push(m);
  if (outbox.length > 50) outbox.shift();
  if (process.env.NODE_ENV !== 'test' && !process.env.VITEST) console.log(`[mail] to ${m.to}: ${m.subject}\n${m.body}`);
}
