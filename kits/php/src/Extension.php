<?php

declare(strict_types=1);

namespace Ulcas\Kit;

use PHPUnit\Runner\AfterLastTestHook;
use PHPUnit\Runner\BeforeFirstTestHook;

/**
 * The PHPUnit 9 extension: `ulcas serve` started before the first test, stopped after the last
 * with a one-line summary. Registered in phpunit.xml:
 *
 *     <extensions>
 *         <extension class="Ulcas\Kit\Extension"/>
 *     </extensions>
 *
 * The tests that use the server use the trait UsesUlcas (or UsesUlcasForAi in a Laravel app).
 */
final class Extension implements BeforeFirstTestHook, AfterLastTestHook
{
    public function executeBeforeFirstTest(): void
    {
        $server = Kit::server();
        // For the whole run: a client made outside a test that uses the trait is answered by
        // ulcas (one made before this, in a bootstrap file, fails on Guard::NOT_STARTED).
        if (getenv('ULCAS_MODE') !== 'record' && getenv('ULCAS_GUARD') !== 'off') {
            Guard::point($server->url);
        }
    }

    public function executeAfterLastTest(): void
    {
        $line = Kit::finish();
        if ($line !== null) {
            fwrite(STDOUT, "\n$line\n");
        }
    }
}
