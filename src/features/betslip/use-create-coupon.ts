import { useNavigate } from '@tanstack/react-router';
import { core } from '../../core-client.ts';
import { openLogin } from '../../state/ui.ts';

/**
 * The create button: the worker runs the flow of section 4 (locks, pending, notices); the UI only
 * opens the login popup when asked and shows the success panel of the full-screen slip.
 */
export function useCreateCoupon(lang: string, opts: { toSlipOnSuccess?: boolean } = {}): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    const r = await core.createCoupon();
    if (r === 'needLogin') openLogin();
    else if (r === 'created' && opts.toSlipOnSuccess) void navigate({ to: '/$lang/betslip', params: { lang } });
  };
}
