import { useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { core } from '../../core-client.ts';
import { Sheet } from '../../ui/Sheet.tsx';
import { Keypad, type KeypadKey } from '../../ui/Keypad.tsx';
import { decimalInLang } from '../../../domain/money.ts';

/**
 * The stake keypad popup (section 5): the worker applies the keypad rules (5 characters, digits and
 * a dot, backspace, the first key replaces the old value); OK sets the stake.
 */
export function StakeKeypad({ initial, symbol, onClose }: { initial: string; symbol: string; onClose: () => void }) {
  const { t, i18n } = useLingui();
  // The keypad's text is a plain decimal ('12.5', the worker's); it reads with the language's mark.
  const shown = (x: string) => decimalInLang(x, i18n.locale);
  const [text, setText] = useState(initial);
  const [fresh, setFresh] = useState(true);
  // Presses are applied in order, each on the text the previous one produced (fast thumbs).
  const current = useRef({ text: initial, fresh: true });
  const queue = useRef(Promise.resolve());
  const press = (key: KeypadKey) => {
    queue.current = queue.current.then(async () => {
      const next = await core.keypadPress(current.current.text, key, current.current.fresh);
      current.current = { text: next, fresh: false };
      setText(next);
      setFresh(false);
    });
  };
  const done = () => {
    queue.current = queue.current.then(async () => {
      if (current.current.text) await core.setStakeText(current.current.text);
      onClose();
    });
  };
  return (
    <Sheet title={t`Stake`} onClose={onClose}>
      <div className="keypad-display" data-fresh={fresh} aria-live="polite" data-testid="keypad-display">
        <span className="keypad-text">{shown(text || '0')}</span> <span className="keypad-symbol">{symbol}</span>
      </div>
      <Keypad onKey={press} decimal={shown('.')} />
      <button type="button" className="btn btn-primary keypad-ok" onClick={done} data-testid="keypad-ok"><Trans>OK</Trans></button>
    </Sheet>
  );
}
