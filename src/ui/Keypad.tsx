import { useLingui } from '@lingui/react/macro';
import type { KeypadKey } from '../../workers/core/betslip/keypad.ts';

export type { KeypadKey };

const KEYS: KeypadKey[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '.', '0', 'back'];

const BackspaceIcon = () => (
  <svg width={24} height={24} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="flip-rtl">
    <path d="M21 5H9l-6 7 6 7h12z" /><path d="m12 9 6 6M18 9l-6 6" />
  </svg>
);

/**
 * A numeric keypad of real buttons (digits, dot, backspace), large enough for a thumb and a kiosk.
 * It only reports keys; what a key does to the text is the worker's rule.
 */
/** `decimal`: how the decimal key reads (',' in Turkish); it still sends '.'. */
export function Keypad({ onKey, disabled = false, decimal = '.' }: { onKey: (key: KeypadKey) => void; disabled?: boolean; decimal?: string }) {
  const { t } = useLingui();
  return (
    <div className="keypad" role="group" aria-label={t`Keypad`} dir="ltr">
      {KEYS.map((k) => (
        <button key={k} type="button" className="keypad-key" disabled={disabled} onClick={() => onKey(k)} data-key={k}
          aria-label={k === 'back' ? t`Delete last character` : k === '.' ? t`Decimal point` : undefined}>
          {k === 'back' ? <BackspaceIcon /> : k === '.' ? decimal : k}
        </button>
      ))}
    </div>
  );
}
