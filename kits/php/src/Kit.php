<?php

declare(strict_types=1);

namespace Ulcas\Kit;

/**
 * The run's servers (one per mode, started when first needed) and the current test. Stopped at
 * the end of the run by the extension, or at the latest when PHP exits (also when the run fails
 * or is interrupted with Ctrl-C: the server is a child that gets the same signal).
 */
final class Kit
{
    /** @var array<string, Server> */
    private static array $servers = [];

    private static bool $registered = false;

    private static ?string $journal = null;

    /** The server in `$mode` (ULCAS_MODE by default), started now if it is not running. */
    public static function server(?string $mode = null): Server
    {
        $mode ??= (getenv('ULCAS_MODE') ?: 'cassette');
        if (!isset(self::$servers[$mode])) {
            self::$journal ??= Server::journalFolder((string) getcwd());
            self::$servers[$mode] = Server::start($mode, null, self::$journal);
            if (!self::$registered) {
                self::$registered = true;
                register_shutdown_function([self::class, 'finish']);
            }
        }
        return self::$servers[$mode];
    }

    /** Stops every server, writes this process's part of the journal and joins the run's parts
     * into journal.json; the summary line of the run so far (null when no server ran). */
    public static function finish(): ?string
    {
        if (self::$servers === []) {
            return null;
        }
        $counts = [];
        $requests = [];
        foreach (self::$servers as $server) {
            try {
                $listed = $server->requests();
            } catch (UlcasException) {
                $listed = ['requests' => [], 'counts' => []];
            }
            foreach ($listed['counts'] as $k => $v) {
                $counts[$k] = ($counts[$k] ?? 0) + $v;
            }
            foreach ($listed['requests'] as $r) {
                $requests[] = $r + ['mode' => $server->mode];
            }
            $server->stop();
        }
        $journal = (string) self::$journal;
        self::$servers = [];
        // Every process of the run (paratest) joins its part into journal.json.
        $joined = Server::writeJournal($journal, 'phpunit', $requests, $counts);
        return Server::summary($joined, $journal);
    }
}
