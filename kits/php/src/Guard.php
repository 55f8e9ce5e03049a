<?php

declare(strict_types=1);

namespace Ulcas\Kit;

/**
 * No real API by accident. Under PHPUnit (or paratest), as soon as composer's autoloader is
 * loaded and before any of the app's code runs, ANTHROPIC_BASE_URL and OPENAI_BASE_URL name
 * a closed port on 127.0.0.1 whose path says why: a client made before the kit's server started
 * (in a bootstrap file) fails with that address instead of calling the real API. When the
 * extension starts the server, they name it for the whole run (a client made in a test that does
 * not use the trait, or in setUpBeforeClass, is answered by ulcas); the trait names the test.
 *
 * ULCAS_MODE=record leaves the environment as it is (the team asked for the real API), and so
 * does ULCAS_GUARD=off.
 */
final class Guard
{
    /** Where a client made before the server started sends its requests: nothing listens. */
    public const NOT_STARTED = 'http://127.0.0.1:9/ulcas-kit-a-client-made-before-the-kit-started-it';

    /** Points the SDKs' environment at NOT_STARTED when PHPUnit runs and no record run was asked for. */
    public static function armUnderTestRunner(): void
    {
        if (!self::underTestRunner() || getenv('ULCAS_MODE') === 'record' || getenv('ULCAS_GUARD') === 'off') {
            return;
        }
        self::point(self::NOT_STARTED);
    }

    /** The SDKs' environment (ANTHROPIC_BASE_URL, OPENAI_BASE_URL) pointed at `$url`. */
    public static function point(string $url): void
    {
        foreach (['ANTHROPIC_BASE_URL' => $url, 'OPENAI_BASE_URL' => "$url/v1"] as $key => $value) {
            putenv("$key=$value");
            $_ENV[$key] = $_SERVER[$key] = $value;
        }
    }

    /** Whether this process is a PHPUnit run (or a paratest worker): never an app's web request. */
    public static function underTestRunner(): bool
    {
        if (PHP_SAPI !== 'cli') {
            return false;
        }
        if (defined('PHPUNIT_COMPOSER_INSTALL') || class_exists(\PHPUnit\TextUI\Command::class, false)
            || class_exists(\PHPUnit\TextUI\Application::class, false)) {
            return true;
        }
        $script = basename((string) ($_SERVER['argv'][0] ?? ''));
        return str_contains($script, 'phpunit') || str_contains($script, 'paratest');
    }
}
