/** The path of the ulcas binary for this platform (ULCAS_BINARY when set). */
export declare function binaryPath(): string;
/** `${process.platform}-${process.arch}` → the npm package that holds its binary. */
export declare const PLATFORMS: Record<string, string>;
export declare const packageDir: string;
