/**
 * The type and pixel size of a JPEG or PNG, read from its header (PNG: the IHDR chunk; JPEG: the first
 * start-of-frame marker). Enough to refuse a file that is not a photo or is the wrong size; nothing is
 * decoded.
 */
export interface ImageInfo {
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** JPEG start-of-frame markers (baseline, progressive, ...): not DHT (C4), JPG (C8) or DAC (CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

export function imageInfo(data: Buffer): ImageInfo | undefined {
  if (
    data.length >= 24 &&
    data.subarray(0, 8).equals(PNG_SIGNATURE) &&
    data.toString('latin1', 12, 16) === 'IHDR'
  ) {
    return { contentType: 'image/png', width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  }
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8) {
    let at = 2;
    while (at + 9 < data.length) {
      if (data[at] !== 0xff) return undefined;
      const marker = data[at + 1]!;
      if (marker === 0xff) {
        at += 1; // fill byte
        continue;
      }
      const length = data.readUInt16BE(at + 2);
      if (SOF.has(marker))
        return {
          contentType: 'image/jpeg',
          height: data.readUInt16BE(at + 5),
          width: data.readUInt16BE(at + 7),
        };
      if (length < 2) return undefined;
      at += 2 + length;
    }
  }
  return undefined;
}
