// Types of the `lumpkit` package: the same for Node.js (`node.js`) and browsers/bundlers
// (`browser.js`). Records are the objects `lumpkit check --json` and `lumpkit info --json` print.

/** Engines findings can be judged for (`lumpkit check --target`); `engines()` lists them. */
export type Engine =
  | 'quake' | 'quakespasm' | 'goldsrc' | 'xash3d' | 'quake2' | 'yquake2' | 'q2pro'
  | 'wc3-1.26' | 'wc3-1.27b' | 'wc3-1.28' | 'wow-3.3.5' | 'wow-retail'
  | 'ofp' | 'ofp-elite' | 'arma1' | 'arma3';

/** What a call may set; every field has the command-line tool's default. */
export interface Options {
  /** Colours of WAD2 and WAL textures, which carry none: a 768-byte `palette.lmp` or a 256-colour PCX. */
  palette?: Uint8Array;
  /** Mip level to decode or inspect, 0 = largest. */
  mip?: number;
  /** A member or embedded texture, by the path `check` prints (`maps/x.bsp!rock4_1`). */
  entry?: string;
  /** Keep alpha the file stores but says to ignore (BLP with alphaBits 0; `--stored-alpha`). */
  storedAlpha?: boolean;
  /** Apply a PAA's SWIZ channel swizzle (`--swizzle`). */
  swizzle?: boolean;
  /** Also decode every pixel level while checking (`--decode`). */
  decode?: boolean;
  /** BSP: per-cluster visible counts (`info --vis`). */
  vis?: boolean;
  /** Engines to judge engine-dependent findings for (`--target`). */
  targets?: Engine[];
}

/** A file's or member's verdict: the worst severity among its diagnostics. */
export type Status = 'ok' | 'warning' | 'error';
/** How bad a finding is. */
export type Severity = 'info' | 'warning' | 'error';

/** One finding, with its stable code (see `lumpkit explain CODE` and docs/diagnostics.md). */
export interface Diagnostic {
  code: string;
  severity: Severity;
  message: string;
  /** Byte offset in the file or member, when the finding has one. */
  offset?: number;
  /** Engine-dependent findings: the limit concerned, the file's value, and which engines refuse or load it. */
  limit?: number | string;
  value?: number;
  refused_by?: Engine[];
  loaded_by?: Engine[];
  limits?: Partial<Record<Engine, number | string | null>>;
}

/** One record of `check`: a file, or a member of an archive inside it. */
export interface CheckRecord {
  /** Display path: member names joined to the file's with `!`. */
  path: string;
  /** The file's name, then each member's own name down to this one (exact where names hold `!`). */
  location: string[];
  /** `blp`, `wad`, `bsp`, `pak`, …, a foreign format's name (`png`), or `unknown`. */
  format: string;
  status: Status;
  width?: number;
  height?: number;
  mips?: number;
  diagnostics: Diagnostic[];
}

/** One level of a texture in `Info.levels`. */
export interface Level {
  width: number;
  height: number;
  offset?: number;
  size?: number;
  [field: string]: unknown;
}

/** One member of an archive, or texture of a WAD, in `Info.entries`. */
export interface Entry {
  name: string;
  size?: number;
  compressed_size?: number;
  method?: string;
  type?: string | number;
  width?: number;
  height?: number;
  [field: string]: unknown;
}

/** The object `lumpkit info --json` prints. Fields beyond these depend on the format (`lumps`, `counts`, `materials`, …). */
export interface Info {
  path: string;
  format: string;
  version?: number | string;
  status: Status;
  diagnostics: Diagnostic[];
  width?: number;
  height?: number;
  mips?: number;
  encoding?: string;
  levels?: Level[];
  entries?: Entry[];
  lumps?: Record<string, number>;
  clusters?: number;
  counts?: Record<string, number>;
  [field: string]: unknown;
}

/** A file for `check`: its name (or path, as it should appear in records) and its bytes. */
export interface FileInput {
  name: string;
  bytes: Uint8Array;
}

/** A decoded picture: RGBA8, row-major, top row first, not premultiplied (ready for `ImageData`). */
export interface Image {
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
}

/** The limits every call applies (the command-line tool's defaults). */
export interface Limits {
  maxWidth: number;
  maxHeight: number;
  maxPixels: number;
  maxAlloc: number;
  maxUnpacked: number;
}

/** The `info --json` object for `bytes`, a file called `name` (or for its member `options.entry`). Throws when the entry does not exist. */
export function inspect(bytes: Uint8Array, name: string, options?: Options): Info;

/** The `check --json` records of `files`, in order, each archive's members after it. A folder's `expect.tsv` manifest is skipped as the CLI skips it. Never throws for a malformed file: its record says what is wrong. */
export function check(files: FileInput[], options?: Options): CheckRecord[];

/** One level (`options.mip`) of the picture `bytes` holds, or of its member `options.entry`. Throws an `Error` naming the diagnostic code when it cannot be decoded. */
export function decode(bytes: Uint8Array, name: string, options?: Options): Image;

/** Every engine name `options.targets` takes. */
export function engines(): Engine[];

/** The limits every call applies. */
export function limits(): Limits;
