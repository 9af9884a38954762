import { useEffect, useState } from 'react';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { core } from '../../core-client.ts';
import { useContentRev } from '../../state/site.ts';

/** A static page by id (5, 6, 7, 8, 9, 10, 15) as HTML; a load failure goes to the site root (section 2). */
export function StaticPage({ id }: { id: number }) {
  const [page, setPage] = useState<{ title: string; content: string } | null>(null);
  // A page edited in the back office shows at once (the worker's content push).
  const rev = useContentRev();
  useEffect(() => {
    let live = true;
    void core.page(id).then((p) => {
      if (!live) return;
      if (!p) location.assign('/');
      else setPage(p);
    });
    return () => { live = false; };
    // oxlint-disable-next-line react/exhaustive-effect-dependencies
  }, [id, rev]);
  return (
    <div className="acc-page">
      <PageHeader title={page?.title ?? ''} />
      {page ? <article className="cms" data-testid="static-page" dangerouslySetInnerHTML={{ __html: page.content }} /> : <div className="skeleton" style={{ height: 240 }} />}
    </div>
  );
}
