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
        Kit::server();
    }

    public function executeAfterLastTest(): void
    {
        $line = Kit::finish();
        if ($line !== null) {
            fwrite(STDOUT, "\n$line\n");
        }
    }
}
