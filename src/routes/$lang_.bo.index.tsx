import { createFileRoute } from '@tanstack/react-router';
import { BoHome } from '../features/backoffice/BoHome.tsx';

/** /{lang}/bo: opens the first area of the signed-in role's menu. */
export const Route = createFileRoute('/$lang_/bo/')({ component: BoHome });
