/**
 * A log for connection errors that says a message once per outage, not once per retry: a dead
 * database fails every pooled connection, a dead Redis every reconnect attempt (several a second).
 */
export function outageLog(sink: (msg: string) => void, quietMs = 30_000): (msg: string) => void {
  let last = '';
  let at = 0;
  return (msg) => {
    const now = Date.now();
    if (msg === last && now - at < quietMs) return;
    last = msg;
    at = now;
    sink(msg);
  };
}
