import { createFileRoute } from '@tanstack/react-router';
import { BoScreen } from '../features/backoffice/BoScreen.tsx';

/** /{lang}/bo/<area>: one back-office area of the menu; its filters, sort and page live in the search. */
export const Route = createFileRoute('/$lang_/bo/$screen')({
  validateSearch: (s: Record<string, unknown>): Record<string, string | number | undefined> => s as Record<string, string | number | undefined>,
  component: BoScreen,
});
