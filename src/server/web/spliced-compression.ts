import { constants as zlibConstants, crc32, deflateRawSync } from 'node:zlib';

/**
 * gzip and deflate bodies for a page whose text is fixed except for short per-response values (the CSP
 * nonce). Each fixed part is compressed once into its own raw-deflate segment ending on a byte-aligned
 * sync flush, so segments can be laid end to end (RFC 1951 §3.2.3: a decoder reads blocks in order and
 * a new segment never refers back); each response inserts its values as stored blocks and adds the
 * container's header and checksum, combined from the parts' checksums instead of reading the page again.
 * A response then costs a few hundred bytes of work instead of compressing the whole page.
 */
export type SplicedEncoding = 'gzip' | 'deflate';

interface Segment {
  deflated: Buffer;
  length: number;
  crc: number;
  adler: number;
  /** crc32ZerosOperator(length), for combining. */
  shift: Gf2Matrix;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** zlib header for the default window and level (RFC 1950: CMF 0x78, FLG 0x9c). */
const ZLIB_HEADER = Buffer.from([0x78, 0x9c]);
/** A final, empty, fixed-Huffman block: BFINAL=1, BTYPE=01, end-of-block. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const ADLER_BASE = 65521;

export function adler32(data: Buffer, start = 1): number {
  let a = start & 0xffff;
  let b = (start >>> 16) & 0xffff;
  // 5552 bytes is the most that can be summed before b overflows 2^32 (zlib's NMAX).
  for (let offset = 0; offset < data.length; offset += 5552) {
    const end = Math.min(offset + 5552, data.length);
    for (let i = offset; i < end; i += 1) {
      a += data[i]!;
      b += a;
    }
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  return ((b << 16) | a) >>> 0;
}

/** zlib's adler32_combine: the Adler-32 of A‖B from those of A and B and B's length. */
export function adler32Combine(adlerA: number, adlerB: number, lengthB: number): number {
  const rem = lengthB % ADLER_BASE;
  let sum1 = adlerA & 0xffff;
  let sum2 = (rem * sum1) % ADLER_BASE;
  sum1 += (adlerB & 0xffff) + ADLER_BASE - 1;
  sum2 += ((adlerA >>> 16) & 0xffff) + ((adlerB >>> 16) & 0xffff) + ADLER_BASE - rem;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum2 >= ADLER_BASE * 2) sum2 -= ADLER_BASE * 2;
  if (sum2 >= ADLER_BASE) sum2 -= ADLER_BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}

/* CRC-32 combination, after zlib's crc32_combine: appending n zero bytes to a message is a linear map of its
 * CRC over GF(2), a 32×32 bit matrix stored as 32 columns. A fixed part's matrix is built once; then
 * combining costs 32 steps. */

type Gf2Matrix = Uint32Array<ArrayBuffer>;

function gf2Times(matrix: Gf2Matrix, vector: number): number {
  let sum = 0;
  for (let i = 0; vector !== 0; i += 1, vector >>>= 1) if (vector & 1) sum ^= matrix[i]!;
  return sum >>> 0;
}

/** `a` after `b`, as one matrix. */
function gf2Compose(a: Gf2Matrix, b: Gf2Matrix): Gf2Matrix {
  const result = new Uint32Array(32);
  for (let n = 0; n < 32; n += 1) result[n] = gf2Times(a, b[n]!);
  return result;
}

/** The operator that appends `length` zero bytes to a message, as seen by its CRC-32. */
export function crc32ZerosOperator(length: number): Gf2Matrix {
  let result = new Uint32Array(32);
  for (let n = 0; n < 32; n += 1) result[n] = (1 << n) >>> 0; // identity
  // One zero bit: the reflected CRC-32 polynomial shifts in; squaring three times gives one zero byte.
  let power = new Uint32Array(32);
  power[0] = 0xedb88320;
  for (let n = 1; n < 32; n += 1) power[n] = (1 << (n - 1)) >>> 0;
  for (let i = 0; i < 3; i += 1) power = gf2Compose(power, power);
  for (let remaining = length; remaining > 0; remaining = Math.floor(remaining / 2)) {
    if (remaining % 2 === 1) result = gf2Compose(power, result);
    if (remaining > 1) power = gf2Compose(power, power);
  }
  return result;
}

/** The CRC-32 of A‖B from those of A and B and B's length (or its zeros operator). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number | Gf2Matrix): number {
  const operator = typeof lengthB === 'number' ? crc32ZerosOperator(lengthB) : lengthB;
  return (gf2Times(operator, crcA >>> 0) ^ crcB) >>> 0;
}

const WINDOW = 32 * 1024;

/**
 * Compresses one fixed part. `history` is what a decoder has produced before it, with each value's place
 * filled by NUL bytes: given as the dictionary, the part refers back to earlier text as it would in one
 * stream (distances match because values have the length the filler had), and never into a value's place,
 * since the part holds no NUL byte to match the filler with.
 */
function segment(raw: Buffer, level: number, history?: Buffer): Segment {
  const options = { level, finishFlush: zlibConstants.Z_SYNC_FLUSH, ...(history?.length ? { dictionary: history } : {}) };
  return {
    deflated: raw.length ? deflateRawSync(raw, options) : Buffer.alloc(0),
    length: raw.length,
    crc: crc32(raw),
    adler: adler32(raw),
    shift: crc32ZerosOperator(raw.length),
  };
}

/** Operators for the lengths values come in (a nonce is always 24 characters): built once each. */
const valueShifts = new Map<number, Gf2Matrix>();
function valueShift(length: number): Gf2Matrix {
  let shift = valueShifts.get(length);
  if (!shift) {
    shift = crc32ZerosOperator(length);
    if (valueShifts.size < 64) valueShifts.set(length, shift);
  }
  return shift;
}

/** A stored (uncompressed) deflate block, non-final, starting byte-aligned as every segment ends. */
function storedBlock(raw: Buffer): Buffer {
  if (raw.length > 0xffff) throw new RangeError('A spliced value must be shorter than 64 KiB');
  const block = Buffer.allocUnsafe(5 + raw.length);
  block[0] = 0x00;
  block.writeUInt16LE(raw.length, 1);
  block.writeUInt16LE(~raw.length & 0xffff, 3);
  raw.copy(block, 5);
  return block;
}

const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385,
  24577,
];
const DISTANCE_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];

/**
 * A fixed-Huffman block (RFC 1951 §3.2.6) holding one back-reference — "the `length` bytes found
 * `distance` back" — then an empty stored block to end byte-aligned. It repeats an earlier value without
 * knowing it, so it is built once.
 */
function repeatBlock(length: number, distance: number): Buffer {
  const bytes: number[] = [];
  let bitBuffer = 0;
  let bitCount = 0;
  const bits = (value: number, count: number) => {
    for (let i = 0; i < count; i += 1) {
      bitBuffer |= ((value >>> i) & 1) << bitCount;
      bitCount += 1;
      if (bitCount === 8) {
        bytes.push(bitBuffer);
        bitBuffer = 0;
        bitCount = 0;
      }
    }
  };
  // Huffman codes go most significant bit first.
  const code = (value: number, count: number) => {
    for (let i = count - 1; i >= 0; i -= 1) bits((value >>> i) & 1, 1);
  };
  const lengthIndex = LENGTH_BASE.findLastIndex((base) => base <= length);
  const distanceIndex = DISTANCE_BASE.findLastIndex((base) => base <= distance);
  const lengthSymbol = 257 + lengthIndex;
  bits(0, 1); // BFINAL
  bits(1, 2); // BTYPE = fixed Huffman
  if (lengthSymbol <= 279) code(lengthSymbol - 256, 7);
  else code(0xc0 + lengthSymbol - 280, 8);
  bits(length - LENGTH_BASE[lengthIndex]!, LENGTH_EXTRA[lengthIndex]!);
  code(distanceIndex, 5);
  bits(distance - DISTANCE_BASE[distanceIndex]!, DISTANCE_EXTRA[distanceIndex]!);
  code(0, 7); // end of block
  bits(0, 3); // an empty stored block: BFINAL = 0, BTYPE = 00, then to the byte boundary
  if (bitCount > 0) bits(0, 8 - bitCount);
  return Buffer.from([...bytes, 0x00, 0x00, 0xff, 0xff]);
}

/**
 * `parts` compressed once; `body(value)` answers the encoding of parts[0] + value + parts[1] + value + … +
 * parts[n], for a value `valueLength` bytes long.
 */
export class SplicedBody {
  private readonly segments: Segment[];
  /** Per place of the value: a block repeating its previous occurrence, when that is within reach. */
  private readonly repeats: (Buffer | undefined)[];
  /** Bytes the fixed parts take once compressed: what a response costs beyond its values. */
  readonly compressedSize: number;

  constructor(
    parts: readonly string[],
    readonly encoding: SplicedEncoding,
    readonly valueLength: number,
    level = 6,
  ) {
    const raws = parts.map((part) => Buffer.from(part, 'utf8'));
    // A NUL in the text could match the filler: then each part stands alone, which compresses less well.
    const linked = !raws.some((raw) => raw.includes(0));
    const filler = Buffer.alloc(valueLength);
    let history = Buffer.alloc(0);
    this.segments = raws.map((raw) => {
      const compressed = segment(raw, level, linked ? history : undefined);
      if (linked) {
        const window = Buffer.concat([history, raw, filler]);
        history = window.length > WINDOW ? window.subarray(window.length - WINDOW) : window;
      }
      return compressed;
    });
    const repeatable = valueLength >= 3 && valueLength <= 258;
    // The value after part i repeats the one before part i: part i and one value back.
    this.repeats = raws.slice(0, -1).map((raw, index) => {
      const distance = raw.length + valueLength;
      return repeatable && index > 0 && distance <= WINDOW ? repeatBlock(valueLength, distance) : undefined;
    });
    this.compressedSize =
      this.segments.reduce((sum, s) => sum + s.deflated.length, 0) + this.repeats.reduce((sum, r) => sum + (r?.length ?? 0), 0);
  }

  /** Throws a RangeError for a value of another length: the caller then compresses the page whole. */
  body(value: string): Buffer {
    const raw = Buffer.from(value, 'utf8');
    if (raw.length !== this.valueLength) throw new RangeError(`A spliced value must be ${this.valueLength} bytes long`);
    const gzip = this.encoding === 'gzip';
    const valueCrc = crc32(raw);
    const valueAdler = adler32(raw);
    const valueShiftOperator = valueShift(raw.length);
    let stored: Buffer | undefined;
    const chunks: Buffer[] = [gzip ? GZIP_HEADER : ZLIB_HEADER];
    let length = 0;
    let check = gzip ? 0 : 1;
    const add = (deflated: Buffer, size: number, crc: number, adler: number, shift: Gf2Matrix) => {
      chunks.push(deflated);
      check = gzip ? crc32Combine(check, crc, shift) : adler32Combine(check, adler, size);
      length += size;
    };
    this.segments.forEach((fixed, index) => {
      add(fixed.deflated, fixed.length, fixed.crc, fixed.adler, fixed.shift);
      if (index === this.segments.length - 1) return;
      const block = this.repeats[index] ?? (stored ??= storedBlock(raw));
      add(block, raw.length, valueCrc, valueAdler, valueShiftOperator);
    });
    chunks.push(FINAL_BLOCK);
    const trailer = Buffer.allocUnsafe(gzip ? 8 : 4);
    if (gzip) {
      trailer.writeUInt32LE(check, 0);
      trailer.writeUInt32LE(length % 2 ** 32, 4);
    } else {
      trailer.writeUInt32BE(check, 0);
    }
    chunks.push(trailer);
    return Buffer.concat(chunks);
  }
}
