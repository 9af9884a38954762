import { useNavigate, useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { BackIcon } from './icons.tsx';

/** A page caption with a back button: back in history, or to the sports list when opened directly. */
export function Caption({ lang, title }: { lang: string; title: string }) {
  const { t } = useLingui();
  const router = useRouter();
  const navigate = useNavigate();
  const back = () => {
    if (window.history.length > 1 && router.history.canGoBack()) router.history.back();
    else void navigate({ to: '/$lang/allsports', params: { lang } });
  };
  return (
    <div className="caption">
      <button type="button" className="icon-btn" onClick={back} aria-label={t`Back`} data-testid="back"><BackIcon /></button>
      <h1 className="caption-title">{title}</h1>
    </div>
  );
}
