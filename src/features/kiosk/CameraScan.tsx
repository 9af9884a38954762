import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * The camera scan, lazy: the back camera's video read a few times a second until a code
 * is found (scan-engine.ts, itself loaded only now), then the camera stops and the code is
 * submitted as if typed. Closing, or leaving, stops the camera.
 */
export default function CameraScan({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState('');
  const found = useRef(onCode);
  useEffect(() => { found.current = onCode; }, [onCode]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer = 0;
    const stop = () => { stopped = true; clearTimeout(timer); stream?.getTracks().forEach((tr) => tr.stop()); };
    void (async () => {
      try {
        const [{ frameReader }, media] = await Promise.all([
          import('./scan-engine.ts'),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false }),
        ]);
        stream = media;
        if (stopped) { stop(); return; }
        const v = video.current!;
        v.srcObject = media;
        await v.play().catch(() => undefined);
        const reader = await frameReader();
        v.dataset.reader = reader.kind;
        const tick = async () => {
          if (stopped) return;
          const codes = await reader.read(v).catch(() => [] as string[]);
          if (stopped) return;
          if (codes[0]) { stop(); found.current(codes[0]); return; }
          timer = window.setTimeout(() => void tick(), 200);
        };
        void tick();
      } catch {
        if (!stopped) setError(t`The camera could not be opened. Type the code instead.`);
      }
    })();
    return stop;
  }, [t]);

  return (
    <div className="camera-scan" role="dialog" aria-modal="true" aria-label={t`Scan with the camera`} data-testid="camera-scan">
      <video ref={video} muted playsInline data-testid="camera-video" />
      <div className="camera-frame" aria-hidden="true" />
      <p>{error || <Trans>Hold the barcode or QR code in the frame.</Trans>}</p>
      <button type="button" className="btn" onClick={onClose} data-testid="camera-close"><Trans>Close</Trans></button>
    </div>
  );
}
