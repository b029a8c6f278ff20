// Compiled with `tsc --noEmit --strict` in CI against the installed package: every call and record
// of index.d.ts used as a TypeScript program would use it.
import { check, decode, engines, inspect, limits } from 'lumpkit';
import type { CheckRecord, Diagnostic, Engine, FileInput, Image, Info, Limits, Options } from 'lumpkit';

const bytes: Uint8Array = new Uint8Array(16);
const options: Options = { mip: 1, entry: 'maps/x.bsp!rock4_1', palette: bytes, storedAlpha: true, swizzle: false, decode: true, vis: false, targets: ['quake', 'wc3-1.26'] };
const files: FileInput[] = [{ name: 'x.pak', bytes }];
const records: CheckRecord[] = check(files, options);
const first: CheckRecord | undefined = records[0];
const path: string | undefined = first?.location.join('!');
const diagnostics: Diagnostic[] = first?.diagnostics ?? [];
const offsets: (number | undefined)[] = diagnostics.map((d) => d.offset);
const refused: Engine[] | undefined = diagnostics[0]?.refused_by;
const info: Info = inspect(bytes, 'x.blp');
const version: number | string | undefined = info.version;
const entries: string[] = (info.entries ?? []).map((e) => e.name);
const image: Image = decode(bytes, 'x.blp', { mip: 0 });
const pixels: Uint8ClampedArray = image.rgba;
const all: Engine[] = engines();
const bounds: Limits = limits();
const width: number = image.width * bounds.maxWidth;
// @ts-expect-error: an unknown engine name is a type error
const wrong: Options = { targets: ['doom'] };
export { path, offsets, refused, version, entries, pixels, all, width, wrong };
