/**
 * A minimal reader for legacy Excel 97–2003 `.xls` files (BIFF8 inside an OLE2 compound file):
 * the first worksheet's cell values as text and numbers, nothing else (no formats, no formulas —
 * a formula cell yields its cached result).
 *
 * Why our own: the only full reader on npm is SheetJS `xlsx` 0.18.5, unmaintained there since 2022
 * and carrying published advisories (prototype pollution, ReDoS). Uploads here only need the text
 * of a few columns, which is a small, well-documented part of the format ([MS-CFB], [MS-XLS]).
 * Every read is bounds-checked; a malformed file throws and the upload reports a parse error.
 */
export type XlsCell = string | number | boolean | null;

const END_OF_CHAIN = 0xfffffffe;
const FREE_SECT = 0xffffffff;

class Bytes {
  readonly view: DataView;
  constructor(readonly data: Uint8Array) {
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  }
  check(offset: number, length: number) {
    if (offset < 0 || offset + length > this.data.length) throw new Error('xls: read past end');
  }
  u8(o: number) {
    this.check(o, 1);
    return this.data[o];
  }
  u16(o: number) {
    this.check(o, 2);
    return this.view.getUint16(o, true);
  }
  u32(o: number) {
    this.check(o, 4);
    return this.view.getUint32(o, true);
  }
  i32(o: number) {
    this.check(o, 4);
    return this.view.getInt32(o, true);
  }
  f64(o: number) {
    this.check(o, 8);
    return this.view.getFloat64(o, true);
  }
}

/** [MS-CFB]: the named stream's bytes, or null when the file has no such stream. */
export function readCompoundStream(file: Uint8Array, names: string[]): Uint8Array | null {
  const b = new Bytes(file);
  const sectorSize = 1 << b.u16(0x1e);
  const miniSectorSize = 1 << b.u16(0x20);
  if (sectorSize !== 512 && sectorSize !== 4096) throw new Error('xls: bad sector size');
  const fatSectorCount = b.u32(0x2c);
  const firstDirSector = b.u32(0x30);
  const miniCutoff = b.u32(0x38);
  const firstMiniFatSector = b.u32(0x3c);
  let difatSector = b.u32(0x44);
  const difatCount = b.u32(0x48);
  const sectorOffset = (n: number) => (n + 1) * sectorSize;
  const maxSectors = Math.ceil(file.length / sectorSize) + 1;

  // The FAT's own sectors: 109 in the header, the rest in the DIFAT chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109 && fatSectors.length < fatSectorCount; i++) fatSectors.push(b.u32(0x4c + i * 4));
  for (let d = 0; d < difatCount && difatSector !== END_OF_CHAIN && difatSector !== FREE_SECT; d++) {
    const base = sectorOffset(difatSector);
    const perSector = sectorSize / 4 - 1;
    for (let i = 0; i < perSector && fatSectors.length < fatSectorCount; i++) fatSectors.push(b.u32(base + i * 4));
    difatSector = b.u32(base + perSector * 4);
  }
  const fat: number[] = [];
  for (const s of fatSectors) {
    const base = sectorOffset(s);
    for (let i = 0; i < sectorSize / 4; i++) fat.push(b.u32(base + i * 4));
  }

  const chain = (start: number, table: number[]) => {
    const out: number[] = [];
    for (let s = start; s !== END_OF_CHAIN && s !== FREE_SECT; s = table[s]) {
      if (s === undefined || out.length > maxSectors * (sectorSize / miniSectorSize)) throw new Error('xls: broken chain');
      out.push(s);
    }
    return out;
  };
  const readChain = (start: number, size: number) => {
    const out = new Uint8Array(size);
    let pos = 0;
    for (const s of chain(start, fat)) {
      if (pos >= size) break;
      const len = Math.min(sectorSize, size - pos);
      b.check(sectorOffset(s), len);
      out.set(file.subarray(sectorOffset(s), sectorOffset(s) + len), pos);
      pos += len;
    }
    if (pos < size) throw new Error('xls: short stream');
    return out;
  };

  // Directory entries, 128 bytes each.
  const dirSectors = chain(firstDirSector, fat);
  const entries: { name: string; type: number; start: number; size: number }[] = [];
  for (const s of dirSectors) {
    for (let off = sectorOffset(s); off < sectorOffset(s) + sectorSize; off += 128) {
      const nameLength = b.u16(off + 0x40);
      let name = '';
      for (let i = 0; i + 2 < nameLength && i < 64; i += 2) name += String.fromCharCode(b.u16(off + i));
      entries.push({ name, type: b.u8(off + 0x42), start: b.u32(off + 0x74), size: b.u32(off + 0x78) });
    }
  }
  const root = entries[0];
  const wanted = entries.find((e) => e.type === 2 && names.some((n) => n.toLowerCase() === e.name.toLowerCase()));
  if (!root || !wanted) return null;
  if (wanted.size >= miniCutoff) return readChain(wanted.start, wanted.size);

  // Small streams live in the mini stream (the root entry's data), indexed by the mini FAT.
  const miniStream = readChain(root.start, root.size);
  const miniFat: number[] = [];
  for (const s of chain(firstMiniFatSector, fat)) {
    const base = sectorOffset(s);
    for (let i = 0; i < sectorSize / 4; i++) miniFat.push(b.u32(base + i * 4));
  }
  const out = new Uint8Array(wanted.size);
  let pos = 0;
  for (const s of chain(wanted.start, miniFat)) {
    if (pos >= wanted.size) break;
    const len = Math.min(miniSectorSize, wanted.size - pos);
    const from = s * miniSectorSize;
    if (from + len > miniStream.length) throw new Error('xls: mini stream overflow');
    out.set(miniStream.subarray(from, from + len), pos);
    pos += len;
  }
  return out;
}

interface BiffRecord {
  type: number;
  offset: number;
  length: number;
}

function* records(b: Bytes, start = 0): Generator<BiffRecord> {
  let o = start;
  while (o + 4 <= b.data.length) {
    const type = b.u16(o);
    const length = b.u16(o + 2);
    b.check(o + 4, length);
    yield { type, offset: o + 4, length };
    o += 4 + length;
  }
}

/** A cursor over a record and its CONTINUE records (strings may break across them). */
class Segments {
  private seg = 0;
  private off = 0;
  constructor(
    private readonly b: Bytes,
    private readonly parts: { offset: number; length: number }[],
  ) {
    this.off = parts[0]?.offset ?? 0;
  }
  private get end() {
    const part = this.parts[this.seg];
    return part ? part.offset + part.length : 0;
  }
  atSegmentEnd() {
    return this.off >= this.end;
  }
  nextSegment() {
    this.seg++;
    if (this.seg >= this.parts.length) throw new Error('xls: string past SST end');
    this.off = this.parts[this.seg].offset;
  }
  u8() {
    if (this.atSegmentEnd()) this.nextSegment();
    return this.b.u8(this.off++);
  }
  u16() {
    return this.u8() | (this.u8() << 8);
  }
  u32() {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }
  skip(count: number) {
    for (let i = 0; i < count; i++) this.u8();
  }
  /** `count` characters; at a segment break a new option byte says whether they are 16-bit. */
  chars(count: number, highByte: boolean) {
    let text = '';
    let wide = highByte;
    for (let i = 0; i < count; i++) {
      if (this.atSegmentEnd()) {
        this.nextSegment();
        wide = (this.b.u8(this.off++) & 1) === 1;
      }
      text += wide ? String.fromCharCode(this.b.u16((this.off += 2) - 2)) : String.fromCharCode(this.b.u8(this.off++));
    }
    return text;
  }
}

/** XLUnicodeRichExtendedString ([MS-XLS] 2.5.293). */
function readRichString(s: Segments): string {
  const count = s.u16();
  const flags = s.u8();
  const runs = flags & 0x08 ? s.u16() : 0;
  const extLength = flags & 0x04 ? s.u32() : 0;
  const text = s.chars(count, (flags & 1) === 1);
  s.skip(runs * 4 + extLength);
  return text;
}

/** XLUnicodeString inside one record (LABEL, STRING). */
function readPlainString(b: Bytes, offset: number): string {
  const count = b.u16(offset);
  const wide = (b.u8(offset + 2) & 1) === 1;
  let text = '';
  for (let i = 0; i < count; i++) {
    text += String.fromCharCode(wide ? b.u16(offset + 3 + i * 2) : b.u8(offset + 3 + i));
  }
  return text;
}

/** RK number ([MS-XLS] 2.5.217). */
function rkValue(b: Bytes, offset: number): number {
  const rk = b.u32(offset);
  let value: number;
  if (rk & 2) value = b.i32(offset) >> 2;
  else {
    const buffer = new DataView(new ArrayBuffer(8));
    buffer.setUint32(4, rk & 0xfffffffc, true);
    value = buffer.getFloat64(0, true);
  }
  return rk & 1 ? value / 100 : value;
}

const BOF = 0x0809;
const EOF = 0x000a;
const BOUNDSHEET = 0x0085;
const SST = 0x00fc;
const CONTINUE = 0x003c;
const LABELSST = 0x00fd;
const LABEL = 0x0204;
const NUMBER = 0x0203;
const RK = 0x027e;
const MULRK = 0x00bd;
const FORMULA = 0x0006;
const STRING = 0x0207;
const BOOLERR = 0x0205;

/** The first worksheet of an .xls file as rows of cells. */
export function readXlsFirstSheet(file: Uint8Array): XlsCell[][] {
  const stream = readCompoundStream(file, ['Workbook', 'Book']);
  if (!stream) throw new Error('xls: no workbook stream');
  const b = new Bytes(stream);

  const all = [...records(b)];
  if (all[0]?.type !== BOF || b.u16(all[0].offset) !== 0x0600) throw new Error('xls: not BIFF8');

  // Workbook globals: the shared strings and where the first worksheet starts.
  let sheetStart = -1;
  const strings: string[] = [];
  for (let i = 0; i < all.length && all[i].type !== EOF; i++) {
    const r = all[i];
    if (r.type === BOUNDSHEET && sheetStart < 0 && b.u8(r.offset + 5) === 0) sheetStart = b.u32(r.offset);
    if (r.type === SST) {
      const parts = [{ offset: r.offset + 8, length: r.length - 8 }];
      for (let j = i + 1; all[j]?.type === CONTINUE; j++) parts.push({ offset: all[j].offset, length: all[j].length });
      const unique = b.u32(r.offset + 4);
      const segments = new Segments(b, parts);
      for (let k = 0; k < unique; k++) strings.push(readRichString(segments));
    }
  }
  if (sheetStart < 0) throw new Error('xls: no worksheet');

  const rows: XlsCell[][] = [];
  const put = (row: number, col: number, value: XlsCell) => {
    if (row > 65535 || col > 255) return;
    while (rows.length <= row) rows.push([]);
    rows[row][col] = value;
  };
  let pendingFormula: { row: number; col: number } | null = null;
  for (const r of records(b, sheetStart)) {
    const o = r.offset;
    if (r.type === EOF) break;
    switch (r.type) {
      case LABELSST:
        put(b.u16(o), b.u16(o + 2), strings[b.u32(o + 6)] ?? '');
        break;
      case LABEL:
        put(b.u16(o), b.u16(o + 2), readPlainString(b, o + 6));
        break;
      case NUMBER:
        put(b.u16(o), b.u16(o + 2), b.f64(o + 6));
        break;
      case RK:
        put(b.u16(o), b.u16(o + 2), rkValue(b, o + 6));
        break;
      case MULRK: {
        const row = b.u16(o);
        const first = b.u16(o + 2);
        const count = (r.length - 6) / 6;
        for (let k = 0; k < count; k++) put(row, first + k, rkValue(b, o + 4 + k * 6 + 2));
        break;
      }
      case BOOLERR:
        if (b.u8(o + 7) === 0) put(b.u16(o), b.u16(o + 2), b.u8(o + 6) === 1);
        break;
      case FORMULA: {
        const row = b.u16(o);
        const col = b.u16(o + 2);
        if (b.u16(o + 12) !== 0xffff) put(row, col, b.f64(o + 6));
        else if (b.u8(o + 6) === 0) pendingFormula = { row, col };
        else if (b.u8(o + 6) === 1) put(row, col, b.u8(o + 8) === 1);
        break;
      }
      case STRING:
        if (pendingFormula) put(pendingFormula.row, pendingFormula.col, readPlainString(b, o));
        pendingFormula = null;
        break;
    }
  }
  return rows.map((row) => Array.from(row, (cell) => (cell === undefined ? null : cell)));
}
