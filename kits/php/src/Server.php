<?php

declare(strict_types=1);

namespace Ulcas\Kit;

/**
 * One `ulcas serve` for a test run: started on a free port, read from its start line, asked what
 * each test's requests got (its journal), stopped at the end. The contract is the one of the
 * Python and TypeScript kits (kits/ of the ulcas repository):
 *
 * - ULCAS_BINARY: the ulcas to run; else `ulcas` on the PATH. Missing: an error that says how to
 *   install it.
 * - ULCAS_MODE: cassette (the default), synthetic or record (with ULCAS_UPSTREAM).
 * - ULCAS_STORES: store folders separated by PATH_SEPARATOR; else the ulcas.toml found from
 *   the working folder.
 * - ULCAS_JOURNAL: the journal folder, default .ulcas/journal: each request written as a dump
 *   into its requests/ (--dump-dir, what `ulcas verify --requests` reads), journal.json at the end.
 */
final class Server
{
    /** The statuses that fail the test whose request got them. */
    public const FAILING = ['miss', 'refused', 'error'];

    private const MODES = ['cassette', 'synthetic', 'record'];

    private const MARKER = '.ulcas-journal';

    private const PREFIX = 'ulcas serve: listening on ';

    /** @param resource $process */
    private function __construct(
        public readonly string $url,
        public readonly string $mode,
        public readonly string $journal,
        private $process,
    ) {
    }

    /** The ulcas binary: ULCAS_BINARY, or the PATH's. */
    public static function binary(): string
    {
        $given = getenv('ULCAS_BINARY');
        if ($given !== false && $given !== '') {
            if (!is_file($given)) {
                throw new UlcasException("ULCAS_BINARY=$given: no such file");
            }
            return $given;
        }
        foreach (explode(PATH_SEPARATOR, (string) getenv('PATH')) as $dir) {
            if ($dir !== '' && is_file("$dir/ulcas") && is_executable("$dir/ulcas")) {
                return "$dir/ulcas";
            }
        }
        throw new UlcasException(
            'ulcas is not installed: `pip install ulcas` or `npm install --save-dev ulcas` (or '
            . '`cargo install ulcas --locked`), or set ULCAS_BINARY to its path'
        );
    }

    /** @var resource|null The run's lock, held (shared) while this process takes part in the run. */
    private static $runLock = null;

    /**
     * The journal folder of this run, emptied of what the kit wrote there at its last run, and
     * only that (its marker lists those files): a folder the team also uses keeps its own. PHPUnit
     * processes that run at once (paratest) share one run: the first to come empties the folder,
     * while it holds the run's lock alone; the others wait for that, then take part beside it.
     */
    public static function journalFolder(string $root): string
    {
        $given = getenv('ULCAS_JOURNAL');
        $folder = ($given !== false && $given !== '') ? $given : '.ulcas/journal';
        if (!str_starts_with($folder, '/')) {
            $folder = rtrim($root, '/') . '/' . $folder;
        }
        if (!is_dir($folder) && !mkdir($folder, 0777, true) && !is_dir($folder)) {
            throw new UlcasException("cannot make the journal folder $folder");
        }
        $lock = self::$runLock ?? fopen("$folder/.ulcas-run.lock", 'c');
        $first = is_resource($lock) && flock($lock, LOCK_EX | LOCK_NB);
        if ($first || !is_resource($lock)) {
            self::clearJournal($folder);
        }
        if (is_resource($lock)) {
            flock($lock, LOCK_SH);
            self::$runLock = $lock;
        }
        return $folder;
    }

    /** Removes what the kit wrote at its last run (as its marker lists it), and starts the marker anew. */
    private static function clearJournal(string $folder): void
    {
        $lines = self::markerLines($folder);
        $listed = array_filter($lines, fn (string $l): bool => str_starts_with($l, 'wrote ') || str_starts_with($l, 'found ') || str_starts_with($l, '#'));
        if ($listed !== []) {
            $old = array_map(fn (string $l): string => substr($l, 6), array_filter($lines, fn (string $l): bool => str_starts_with($l, 'wrote ')));
        } elseif ($lines !== []) {
            // An older kit's marker listed nothing: its journal and dumps.
            $old = ['journal.json', ...array_map(fn (string $p): string => 'requests/' . basename($p), glob("$folder/requests/*.json") ?: [])];
        } else {
            $old = [];
        }
        foreach ($old as $name) {
            if (!str_contains($name, '..') && is_file("$folder/$name")) {
                unlink("$folder/$name");
            }
        }
        if (!is_dir("$folder/requests") && !mkdir("$folder/requests", 0777, true) && !is_dir("$folder/requests")) {
            throw new UlcasException("cannot make the journal folder $folder");
        }
        $found = array_map('basename', glob("$folder/requests/*.json") ?: []);
        file_put_contents("$folder/" . self::MARKER, self::markerText([], $found));
    }

    /**
     * Writes this process's part of the journal and joins every part of the run into
     * journal.json (under a lock: processes of one run finish at once); the joined counts.
     *
     * @param list<array<string, mixed>> $requests
     * @param array<string, int> $counts
     * @return array<string, int>
     */
    public static function writeJournal(string $folder, string $kit, array $requests, array $counts): array
    {
        $part = "$folder/journal-part-" . getmypid() . '.json';
        file_put_contents($part, json_encode(['kit' => $kit, 'counts' => (object) $counts, 'requests' => $requests], JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR));
        $merge = fopen("$folder/.ulcas-merge.lock", 'c');
        if (is_resource($merge)) {
            flock($merge, LOCK_EX);
        }
        $all = [];
        $joined = [];
        foreach (glob("$folder/journal-part-*.json") ?: [] as $file) {
            $got = json_decode((string) @file_get_contents($file), true);
            if (!is_array($got)) {
                continue;
            }
            foreach ((array) ($got['counts'] ?? []) as $k => $v) {
                $joined[$k] = ($joined[$k] ?? 0) + (int) $v;
            }
            array_push($all, ...($got['requests'] ?? []));
        }
        file_put_contents(
            "$folder/journal.json",
            json_encode(['kit' => $kit, 'counts' => (object) $joined, 'requests' => $all], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR) . "\n"
        );
        self::noteWrittenIn($folder);
        if (is_resource($merge)) {
            flock($merge, LOCK_UN);
            fclose($merge);
        }
        return $joined;
    }

    /** @return list<string> the marker's lines (`wrote NAME`, `found requests/NAME`) */
    private static function markerLines(string $folder): array
    {
        $text = @file_get_contents("$folder/" . self::MARKER);
        return $text === false ? [] : explode("\n", $text);
    }

    private static function markerText(array $written, array $found): string
    {
        $written = array_unique($written);
        sort($written);
        sort($found);
        $lines = ['# written by an ulcas test kit: the files it wrote (removed at its next run)'];
        foreach ($written as $w) {
            $lines[] = "wrote $w";
        }
        foreach ($found as $f) {
            $lines[] = "found requests/$f";
        }
        return implode("\n", $lines) . "\n";
    }

    /** Lists in the marker what the kit wrote this run: the journal and the new dumps. */
    private static function noteWrittenIn(string $folder): void
    {
        $lines = self::markerLines($folder);
        $found = array_map(fn (string $l): string => substr($l, 15), array_filter($lines, fn (string $l): bool => str_starts_with($l, 'found requests/')));
        $written = array_map(fn (string $l): string => substr($l, 6), array_filter($lines, fn (string $l): bool => str_starts_with($l, 'wrote ')));
        $written[] = 'journal.json';
        foreach (glob("$folder/journal-part-*.json") ?: [] as $part) {
            $written[] = basename($part);
        }
        foreach (glob("$folder/requests/*.json") ?: [] as $dump) {
            if (!in_array(basename($dump), $found, true)) {
                $written[] = 'requests/' . basename($dump);
            }
        }
        file_put_contents("$folder/" . self::MARKER, self::markerText($written, $found));
    }

    /** Starts `ulcas serve` in `$mode` (ULCAS_MODE by default) from `$cwd`. */
    public static function start(?string $mode = null, ?string $cwd = null, ?string $journal = null): self
    {
        $mode ??= (getenv('ULCAS_MODE') ?: 'cassette');
        if (!in_array($mode, self::MODES, true)) {
            throw new UlcasException("ULCAS_MODE=$mode: not one of " . implode(', ', self::MODES));
        }
        $cwd ??= (string) getcwd();
        $journal ??= self::journalFolder($cwd);
        $args = [self::binary(), 'serve', '--listen', '127.0.0.1:0', '--mode', $mode, '--dump-dir', "$journal/requests"];
        if ($mode === 'record') {
            $upstream = getenv('ULCAS_UPSTREAM');
            if ($upstream === false || $upstream === '') {
                throw new UlcasException('ULCAS_MODE=record needs ULCAS_UPSTREAM (the API that answers a miss)');
            }
            array_push($args, '--upstream', $upstream);
        }
        $stores = getenv('ULCAS_STORES');
        if ($stores !== false && $stores !== '') {
            foreach (explode(PATH_SEPARATOR, $stores) as $store) {
                if ($store !== '') {
                    $args[] = $store;
                }
            }
        }
        $log = "$journal/serve-$mode.log";
        // The run's own server on 127.0.0.1: no token (a ULCAS_SERVE_TOKEN of the shell would
        // make the kit's own journal requests a 401).
        $env = getenv();
        unset($env['ULCAS_SERVE_TOKEN']);
        $process = proc_open($args, [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['file', $log, 'w']], $pipes, $cwd, $env);
        if (!is_resource($process)) {
            throw new UlcasException("cannot run {$args[0]}");
        }
        $line = self::firstLine($pipes[1], 30.0);
        if (!str_starts_with($line, self::PREFIX)) {
            proc_terminate($process, 9);
            proc_close($process);
            $said = trim((string) @file_get_contents($log));
            throw new UlcasException('ulcas serve did not start: ' . ($said !== '' ? $said : ($line !== '' ? $line : 'no output')));
        }
        // The rest of stdout is never read: nothing more is written there.
        return new self(trim(substr($line, strlen(self::PREFIX))), $mode, $journal, $process);
    }

    /** @param resource $stream */
    private static function firstLine($stream, float $timeout): string
    {
        $line = '';
        $until = microtime(true) + $timeout;
        stream_set_blocking($stream, false);
        while (!str_contains($line, "\n") && microtime(true) < $until) {
            $read = [$stream];
            $write = $except = null;
            if (stream_select($read, $write, $except, 0, 200000) > 0) {
                $chunk = fread($stream, 4096);
                if ($chunk === false || ($chunk === '' && feof($stream))) {
                    break;
                }
                $line .= $chunk;
            }
        }
        return strtok($line, "\n") ?: '';
    }

    /** The base URL that names `$test` in its path (the PHP SDK's headers are not set per test). */
    public function baseUrl(string $test): string
    {
        return $this->url . '/_ulcas/test/' . rawurlencode($test);
    }

    /**
     * The journal: ['requests' => [...], 'counts' => [...], 'last' => N], one test's requests
     * when `$test` is given.
     *
     * @return array{requests: list<array<string, mixed>>, counts: array<string, int>, last: int}
     */
    public function requests(?string $test = null): array
    {
        $query = $test === null ? '' : '?' . http_build_query(['test' => $test]);
        $body = @file_get_contents("{$this->url}/_ulcas/journal$query");
        if ($body === false) {
            throw new UlcasException("cannot read the journal of {$this->url}");
        }
        return json_decode($body, true, 512, JSON_THROW_ON_ERROR);
    }

    /** Arms `$faults` ('overloaded', 'rate-limit:retry-after=1', 'ok', …) for the next requests of `$target`. */
    public function fault(string $target, string ...$faults): void
    {
        $this->armFault($target, $faults, null);
    }

    /** Arms `$faults` for the next requests of `$target`, of the test `$test` alone when given. */
    public function armFault(string $target, array $faults, ?string $test): void
    {
        $arming = ['target' => $target, 'faults' => array_values($faults)];
        if ($test !== null && $test !== '') {
            $arming['test'] = $test;
        }
        $context = stream_context_create(['http' => [
            'method' => 'POST',
            'header' => "content-type: application/json\r\n",
            'content' => json_encode($arming, JSON_THROW_ON_ERROR),
            'ignore_errors' => true,
        ]]);
        $answer = @file_get_contents("{$this->url}/_ulcas/faults", false, $context);
        $status = $http_response_header[0] ?? '';
        if ($answer === false || !str_contains($status, ' 200')) {
            throw new UlcasException("ulcas faults: $status $answer");
        }
    }

    /** What ulcas said of a test's failing requests, as the test's failure. */
    public static function failureMessage(array $entries): string
    {
        $lines = [];
        foreach ($entries as $e) {
            $why = $e['why'] ?? $e['path'] ?? '';
            $lines[] = rtrim("ulcas {$e['status']}: $why", ': ');
        }
        // The server's hint names its own flags; inside a test run the kit's variables do it.
        return (string) preg_replace(
            '/ulcas serve --mode record --upstream (\S+)/',
            'ULCAS_MODE=record ULCAS_UPSTREAM=$1 vendor/bin/phpunit',
            implode("\n", $lines),
        );
    }

    /** `ulcas: 3 hits, 1 miss, 0 synthetic (journal: DIR)`. */
    public static function summary(array $counts, string $journal): string
    {
        $n = fn (string $k, string $one, string $many): string => ($counts[$k] ?? 0) . ' ' . (($counts[$k] ?? 0) === 1 ? $one : $many);
        $parts = [$n('hit', 'hit', 'hits'), $n('miss', 'miss', 'misses'), ($counts['synthetic'] ?? 0) . ' synthetic'];
        $words = ['recorded' => ['recorded', 'recorded'], 'relayed' => ['relayed (not recorded)', 'relayed (not recorded)'], 'fault' => ['fault', 'faults'], 'refused' => ['refused', 'refused'], 'error' => ['error', 'errors']];
        foreach ($words as $other => [$one, $many]) {
            $k = $counts[$other] ?? 0;
            if ($k > 0) {
                $parts[] = "$k " . ($k === 1 ? $one : $many);
            }
        }
        return 'ulcas: ' . implode(', ', $parts) . " (journal: $journal)";
    }

    /** Writes journal.json and stops the server; the summary line. */
    public function finish(string $kit): string
    {
        try {
            $listed = $this->requests();
        } catch (UlcasException) {
            $listed = ['requests' => [], 'counts' => []];
        }
        $requests = array_map(fn (array $r): array => $r + ['mode' => $this->mode], $listed['requests']);
        $this->stop();
        $counts = self::writeJournal($this->journal, $kit, $requests, $listed['counts']);
        return self::summary($counts, $this->journal);
    }

    /** Stops the server (SIGTERM, then SIGKILL after ten seconds). */
    public function stop(): void
    {
        if (!is_resource($this->process)) {
            return;
        }
        proc_terminate($this->process, 15);
        $until = microtime(true) + 10;
        while (proc_get_status($this->process)['running'] && microtime(true) < $until) {
            usleep(20000);
        }
        if (proc_get_status($this->process)['running']) {
            proc_terminate($this->process, 9);
        }
        proc_close($this->process);
    }
}
