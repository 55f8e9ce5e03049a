<?php

declare(strict_types=1);

namespace Ulcas\Kit;

/**
 * UsesUlcas for a Laravel test case of the app: its AI layer (`config/ai.php`) is pointed at
 * the server for each test, once the application exists (Laravel's TestCase calls
 * `setUpUsesUlcasForAi()` from `setUpTraits()`): the `anthropic` driver, the server's base
 * URL naming the test, a dummy key when none is set, and network allowed in tests.
 */
trait UsesUlcasForAi
{
    use UsesUlcas;

    protected function setUpUsesUlcasForAi(): void
    {
        config([
            'ai.driver' => 'anthropic',
            'ai.base_url' => $this->ulcasBaseUrl(),
            'ai.api_key' => config('ai.api_key') ?: 'ulcas-test-key',
            'ai.allow_network_in_tests' => true,
        ]);
    }
}
