// QR codes (qrcode) and Code 128 barcodes (bwip-js) drawn as vector rectangles: sharp at any print size,
// a few hundred bytes per code, and no PNG encoding per card.
import bwipjs from 'bwip-js/node';
import QRCode from 'qrcode';

export type QrLevel = 'L' | 'M' | 'Q' | 'H';

const QUIET_ZONE = 4; // modules of white around a QR code, as ISO/IEC 18004 asks

export function drawQr(
  doc: PDFKit.PDFDocument,
  text: string,
  options: { x: number; y: number; size: number; level?: QrLevel },
): void {
  const { size: n, data } = QRCode.create(text, { errorCorrectionLevel: options.level ?? 'M' }).modules;
  const unit = options.size / (n + 2 * QUIET_ZONE);
  doc.save();
  for (let row = 0; row < n; row++) {
    // One rectangle per horizontal run of dark modules keeps the content stream small.
    let start = -1;
    for (let col = 0; col <= n; col++) {
      const dark = col < n && data[row * n + col] === 1;
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        doc.rect(
          options.x + (QUIET_ZONE + start) * unit,
          options.y + (QUIET_ZONE + row) * unit,
          (col - start) * unit,
          unit,
        );
        start = -1;
      }
    }
  }
  doc.fill('#000000').restore();
}

export function drawCode128(
  doc: PDFKit.PDFDocument,
  text: string,
  options: { x: number; y: number; width: number; height: number },
): void {
  const [symbol] = bwipjs.raw('code128', text, {});
  if (!symbol || !('sbs' in symbol)) throw new Error(`Code 128 cannot encode "${text}"`);
  // sbs: alternating bar and space widths in modules, starting with a bar; 10 modules of quiet zone each
  // side.
  const modules = symbol.sbs.reduce((sum, w) => sum + w, 0) + 20;
  const unit = options.width / modules;
  let x = options.x + 10 * unit;
  doc.save();
  symbol.sbs.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(x, options.y, w * unit, options.height);
    x += w * unit;
  });
  doc.fill('#000000').restore();
}
