import { describe, expect, it } from 'vitest';
import { readXlsFirstSheet } from './xls-reader';

/** Little builders for a BIFF8 workbook inside an OLE2 compound file (the parts the reader reads). */
const u16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const u32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
const f64 = (n: number) => [...new Uint8Array(new Float64Array([n]).buffer)];
const record = (type: number, data: number[]) => [...u16(type), ...u16(data.length), ...data];
const compressed = (text: string) => [...text].map((c) => c.charCodeAt(0));
const wide = (text: string) => [...text].flatMap((c) => u16(c.charCodeAt(0)));

function workbookStream(sheetCells: number[][], sst: number[][]): number[] {
  const bof = (dt: number) => record(0x0809, [...u16(0x0600), ...u16(dt), ...new Array(12).fill(0)]);
  const eof = record(0x000a, []);
  const sheetName = compressed('Sheet1');
  const boundsheet = (offset: number) => record(0x0085, [...u32(offset), 0, 0, sheetName.length, 0, ...sheetName]);
  const globalsWithout = [...bof(0x0005), ...boundsheet(0), ...sst.flat(), ...eof];
  const sheetOffset = globalsWithout.length;
  const globals = [...bof(0x0005), ...boundsheet(sheetOffset), ...sst.flat(), ...eof];
  return [...globals, ...bof(0x0010), ...sheetCells.flat(), ...eof];
}

/** A version-3 compound file (512-byte sectors) holding one "Workbook" stream. */
function compoundFile(stream: number[], { padTo = 4096 } = {}): Uint8Array {
  const data = [...stream];
  // Pad with a record the reader skips so the stream lives in regular sectors (≥ 4096 bytes).
  while (data.length < padTo) data.push(...record(0x00e1, new Array(Math.min(200, padTo - data.length)).fill(0)));
  const size = data.length;
  const streamSectors = Math.ceil(size / 512);
  const header = new Uint8Array(512);
  const put = (bytes: number[], at: number, into: Uint8Array) => into.set(bytes, at);
  put([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0, header);
  put(u16(0x3e), 0x18, header);
  put(u16(3), 0x1a, header);
  put(u16(0xfffe), 0x1c, header);
  put(u16(9), 0x1e, header);
  put(u16(6), 0x20, header);
  put(u32(1), 0x2c, header); // one FAT sector
  put(u32(1), 0x30, header); // directory at sector 1
  put(u32(4096), 0x38, header);
  put(u32(0xfffffffe), 0x3c, header);
  put(u32(0xfffffffe), 0x44, header);
  for (let i = 0; i < 109; i++) put(u32(i === 0 ? 0 : 0xffffffff), 0x4c + i * 4, header);
  // Sector 0: FAT; 1: directory; 2..: stream.
  const fat = new Uint8Array(512).fill(0xff);
  put(u32(0xfffffffd), 0, fat);
  put(u32(0xfffffffe), 4, fat);
  for (let s = 0; s < streamSectors; s++) put(u32(s === streamSectors - 1 ? 0xfffffffe : 3 + s), (2 + s) * 4, fat);
  const dir = new Uint8Array(512);
  const entry = (index: number, name: string, type: number, start: number, length: number) => {
    const at = index * 128;
    put(wide(name), at, dir);
    put(u16((name.length + 1) * 2), at + 0x40, dir);
    dir[at + 0x42] = type;
    put(u32(0xffffffff), at + 0x44, dir);
    put(u32(0xffffffff), at + 0x48, dir);
    put(u32(index === 0 ? 1 : 0xffffffff), at + 0x4c, dir);
    put(u32(start), at + 0x74, dir);
    put(u32(length), at + 0x78, dir);
  };
  entry(0, 'Root Entry', 5, 0xfffffffe, 0);
  entry(1, 'Workbook', 2, 2, size);
  const body = new Uint8Array(streamSectors * 512);
  body.set(data);
  const out = new Uint8Array(512 * 3 + body.length);
  out.set(header, 0);
  out.set(fat, 512);
  out.set(dir, 1024);
  out.set(body, 1536);
  return out;
}

const cellHeader = (row: number, col: number) => [...u16(row), ...u16(col), ...u16(15)];
const labelSst = (row: number, col: number, index: number) => record(0x00fd, [...cellHeader(row, col), ...u32(index)]);
const number = (row: number, col: number, value: number) => record(0x0203, [...cellHeader(row, col), ...f64(value)]);
const rkInt = (row: number, col: number, value: number) => record(0x027e, [...cellHeader(row, col), ...u32((value << 2) | 2)]);
const label = (row: number, col: number, text: string) =>
  record(0x0204, [...cellHeader(row, col), ...u16(text.length), 1, ...wide(text)]);

describe('readXlsFirstSheet', () => {
  it('reads shared strings (compressed and UTF-16), numbers, RK and LABEL cells', () => {
    const strings = [
      [...u16(3), 0, ...compressed('kw1')],
      [...u16(3), 1, ...wide('키워드')],
      [...u16(3), 0, ...compressed('URL')],
    ];
    const sst = record(0x00fc, [...u32(3), ...u32(3), ...strings.flat()]);
    const cells = [labelSst(0, 0, 1), labelSst(0, 1, 2), labelSst(1, 0, 0), label(1, 1, '상품'), number(1, 2, 12345678901), rkInt(2, 2, 42)];
    const sheet = readXlsFirstSheet(compoundFile(workbookStream(cells, [sst])));
    expect(sheet[0]).toEqual(['키워드', 'URL']);
    expect(sheet[1]).toEqual(['kw1', '상품', 12345678901]);
    expect(sheet[2]).toEqual([null, null, 42]);
  });

  it('reads a shared string that continues in a CONTINUE record with a new option byte', () => {
    // "abcdef" split after "abc": the CONTINUE starts with an option byte (1 = 16-bit chars).
    const sst = record(0x00fc, [...u32(1), ...u32(1), ...u16(6), 0, ...compressed('abc')]);
    const cont = record(0x003c, [1, ...wide('def')]);
    const sheet = readXlsFirstSheet(compoundFile(workbookStream([labelSst(0, 0, 0)], [sst, cont])));
    expect(sheet[0]).toEqual(['abcdef']);
  });

  it('refuses a file that is not a compound file workbook', () => {
    expect(() => readXlsFirstSheet(new Uint8Array(600))).toThrow();
  });
});
