<?php

/**
 * ulcas: dump every request the fake driver handles (a hit and a miss alike) into the folder
 * named by ULCAS_DUMP_DIR, so that `ulcas lookup`, `ulcas prune --requests` and
 * `ulcas backfill --requests` see exactly what the driver keyed. Off when the variable is unset.
 */
final class UlcasDump
{
    /** Writes $request as `<task>-v<N>-<hash>.json`; returns the file, or null when off. */
    public static function write(object $request, string $hash): ?string
    {
        $dir = getenv('ULCAS_DUMP_DIR');
        if ($dir === false || $dir === '') {
            return null;
        }
        if (!is_dir($dir) && !@mkdir($dir, 0777, true) && !is_dir($dir)) {
            throw new RuntimeException("ULCAS_DUMP_DIR: cannot create {$dir}");
        }
        $name = preg_replace('/[^A-Za-z0-9_.-]/', '_', $request->task);
        $file = sprintf('%s/%s-v%d-%s.json', rtrim($dir, '/'), $name, $request->promptVersion, $hash);
        $json = json_encode($request, JSON_THROW_ON_ERROR | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
        file_put_contents($file, $json . "\n", LOCK_EX);

        return $file;
    }

    /** What a miss adds to the driver's error: the dump and the command that explains it. */
    public static function missHint(?string $file): string
    {
        return $file === null ? '' : "; request dumped to {$file}: run `ulcas lookup {$file}` to see why";
    }
}
