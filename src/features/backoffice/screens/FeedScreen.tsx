import { useCallback, useEffect } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useKeyed } from '../action.ts';
import { DataTable, type Column } from '../table.tsx';
import { when } from '../format.ts';
import { useBo } from '../session.tsx';
import { bo } from '../bo-client.ts';
import type { FeedProducerHealth } from '../../../../domain/trading/calls.ts';

/**
 * The odds feed's health: each producer of the provider's feed (FEED_SOURCE=uof) with its state,
 * last alive message, recovery in flight, messages a second and lag, as the feed's leader last
 * reported them; refreshed every 5 seconds while open.
 */
export function FeedScreen() {
  const { t } = useLingui();
  const { lang } = useBo();
  const load = useCallback(() => bo('bo/feedHealth', {}), []);
  const { data, reload } = useKeyed('feed', load);
  useEffect(() => {
    const timer = setInterval(reload, 5000);
    return () => clearInterval(timer);
  }, [reload]);
  const stateLabel: Record<FeedProducerHealth['state'], string> = {
    up: t({ message: 'Up', context: 'feed producer' }), recovering: t`Recovering`, down: t({ message: 'Down', context: 'feed producer' }),
  };
  const stateClass: Record<FeedProducerHealth['state'], string> = { up: 'bo-badge bo-badge-green', recovering: 'bo-badge', down: 'bo-badge bo-badge-red' };
  const columns: Column<FeedProducerHealth>[] = [
    { key: 'id', header: t`Producer`, render: (p) => `${p.id} ${p.name}` },
    { key: 'state', header: t`State`, render: (p) => <span className={stateClass[p.state]}>{stateLabel[p.state]}</span> },
    { key: 'alive', header: t`Last alive`, render: (p) => (p.lastAliveAgoSec === null ? '' : t`${p.lastAliveAgoSec} s ago`) },
    { key: 'recovery', header: t`Recovery`, render: (p) => (p.recovery
      ? (p.recovery.after === null ? t`Request ${p.recovery.requestId}, full state`
        : t`Request ${p.recovery.requestId}, after ${when(new Date(p.recovery.after).toISOString(), lang)}`)
      : '') },
    { key: 'rate', header: t`Messages a second`, render: (p) => p.messagesPerSec, num: true },
    { key: 'lag', header: t`Lag (ms)`, render: (p) => p.lagMs ?? '', num: true },
  ];
  const reply = data?.status ? data : null;
  return (
    <section className="bo-panel" aria-label={t`Odds feed`}>
      {reply?.source === 'simulator'
        ? <p className="bo-note"><Trans>The built-in simulator feeds the site: there are no producers to watch.</Trans></p>
        : <DataTable label={t`Odds feed`} columns={columns} rows={reply ? reply.producers
          : null} rowKey={(p) => p.id} empty={<Trans>No producer has reported yet.</Trans>} />}
    </section>
  );
}
