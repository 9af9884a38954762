/**
 * The camera scan's reader, in its own chunk, loaded only when a camera scan opens: the
 * browser's BarcodeDetector when it reads Code 128 and QR, otherwise zxing-wasm's reader (the same
 * library the e2e tests read receipts with), its WASM file served by us from the build's assets
 * (never a CDN).
 */
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** Reads the codes in one video frame. */
export interface FrameReader { readonly kind: 'native' | 'zxing'; read(video: HTMLVideoElement): Promise<string[]> }

interface NativeDetector { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> }
interface NativeDetectorClass { new (o: { formats: string[] }): NativeDetector; getSupportedFormats(): Promise<string[]> }

let prepared = false;

/** The reader for this browser. */
export async function frameReader(): Promise<FrameReader> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    const formats = await Native.getSupportedFormats().catch(() => [] as string[]);
    if (formats.includes('code_128') && formats.includes('qr_code')) {
      const d = new Native({ formats: ['code_128', 'qr_code'] });
      return { kind: 'native', read: async (v) => (await d.detect(v)).map((b) => b.rawValue) };
    }
  }
  if (!prepared) {
    prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) }, fireImmediately: true });
    prepared = true;
  }
  const canvas = document.createElement('canvas');
  const g = canvas.getContext('2d', { willReadFrequently: true })!;
  return {
    kind: 'zxing',
    async read(v) {
      if (!v.videoWidth) return [];
      canvas.width = v.videoWidth;
      canvas.height = v.videoHeight;
      g.drawImage(v, 0, 0);
      const found = await readBarcodes(g.getImageData(0, 0, canvas.width, canvas.height), { formats: ['Code128', 'QRCode'], tryHarder: true, maxNumberOfSymbols: 1 });
      return found.filter((b) => b.isValid).map((b) => b.text);
    },
  };
}
