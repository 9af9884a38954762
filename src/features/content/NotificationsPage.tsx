import { useCallback } from 'react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { useLoad } from '../../ui/use-load.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';

/** Notifications: titles; one opens with title, banner and HTML content, its id in the hash. */
export function NotificationsPage() {
  const { t } = useLingui();
  const hash = useLocation({ select: (l) => l.hash });
  const navigate = useNavigate();
  const { load, retry } = useLoad(useCallback(() => core.notifications(), []));
  const id = Number(hash) || 0;
  const open = load.state === 'ready' ? load.data.find((n) => n.id === id) : undefined;
  return (
    <div className="acc-page">
      <PageHeader title={open ? open.title : t`Notifications`} />
      {load.state === 'loading' && <div className="skeleton" style={{ height: 200 }} />}
      {load.state === 'error' && <div className="state"><button type="button" className="btn" onClick={retry}><Trans>Try again</Trans></button></div>}
      {open && (
        <article className="cms" data-testid="notification-detail">
          {open.banner && <img src={open.banner} alt="" />}
          <small>{open.date}</small>
          <div dangerouslySetInnerHTML={{ __html: open.content }} />
        </article>
      )}
      {!open && load.state === 'ready' && (load.data.length === 0 ? <div className="state"><p><Trans>You have no notifications.</Trans></p></div> : (
        <ul className="pay-list" data-testid="notifications">
          {load.data.map((n) => <li key={n.id}><button type="button" onClick={() => void navigate({ to: '.', hash: String(n.id) })}><strong>{n.title}</strong><small>{n.date}</small></button></li>)}
        </ul>
      ))}
    </div>
  );
}
