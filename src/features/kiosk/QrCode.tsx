import { encode } from 'uqr';

/**
 * A QR code drawn as SVG rectangles (uqr: the encoder of the receipts and the back office's cards),
 * one path of dark modules with a quiet zone; no markup injected.
 */
export function QrCode({ value, size = 200, label }: { value: string; size?: number; label: string }) {
  const qr = encode(value, { border: 2 });
  let d = '';
  qr.data.forEach((row, y) => row.forEach((dark, x) => { if (dark) d += `M${x} ${y}h1v1h-1z`; }));
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${qr.size} ${qr.size}`} shapeRendering="crispEdges" className="qr-code" data-value={value}>
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
