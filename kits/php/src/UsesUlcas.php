<?php

declare(strict_types=1);

namespace Ulcas\Kit;

use PHPUnit\Framework\AssertionFailedError;

/**
 * For a test case whose code calls a model: during each test, ANTHROPIC_BASE_URL and
 * OPENAI_BASE_URL point at the server with the test's id in the path (every request is
 * attributed to its test in the server's journal and log), ANTHROPIC_API_KEY and
 * OPENAI_API_KEY are a dummy when unset; after it, a request that missed its cassette (or was
 * refused) fails the test with ulcas's explanation, also when the test failed already on the
 * client's error.
 *
 * Works with PHPUnit 9, 10 and 11 (the server starts with the first test that needs it when
 * the extension is not registered). `ulcasMode()` chooses a test's mode.
 */
trait UsesUlcas
{
    private ?Server $ulcasServer = null;

    private ?string $ulcasTest = null;

    /** @var array<string, string|false> */
    private array $ulcasSaved = [];

    /** The mode of this test's server: ULCAS_MODE, unless the test case says otherwise. */
    protected function ulcasMode(): ?string
    {
        return null;
    }

    /** This test's server. */
    protected function ulcas(): Server
    {
        return $this->ulcasServer ??= Kit::server($this->ulcasMode());
    }

    /** This test's id in the journal: `Class::method` (with its data set). */
    protected function ulcasTestId(): string
    {
        $name = method_exists($this, 'nameWithDataSet') ? $this->nameWithDataSet() : $this->getName(true);
        return static::class . '::' . $name;
    }

    /** The base URL naming this test (for a client made in the test). */
    protected function ulcasBaseUrl(): string
    {
        return $this->ulcas()->baseUrl($this->ulcasTestId());
    }

    /**
     * @before
     */
    #[\PHPUnit\Framework\Attributes\Before]
    protected function ulcasBefore(): void
    {
        $this->ulcasTest = $this->ulcasTestId();
        $base = $this->ulcasBaseUrl();
        $this->ulcasSet('ULCAS_URL', $this->ulcas()->url);
        $this->ulcasSet('ANTHROPIC_BASE_URL', $base);
        $this->ulcasSet('OPENAI_BASE_URL', "$base/v1");
        foreach (['ANTHROPIC_API_KEY', 'OPENAI_API_KEY'] as $key) {
            if (getenv($key) === false || getenv($key) === '') {
                $this->ulcasSet($key, 'ulcas-test-key');
            }
        }
    }

    /**
     * @after
     */
    #[\PHPUnit\Framework\Attributes\After]
    protected function ulcasAfter(): void
    {
        foreach ($this->ulcasSaved as $key => $value) {
            if ($value === false) {
                putenv($key);
                unset($_ENV[$key], $_SERVER[$key]);
            } else {
                putenv("$key=$value");
                $_ENV[$key] = $_SERVER[$key] = $value;
            }
        }
        $this->ulcasSaved = [];
    }

    private function ulcasSet(string $key, string $value): void
    {
        if (!array_key_exists($key, $this->ulcasSaved)) {
            $this->ulcasSaved[$key] = getenv($key);
        }
        putenv("$key=$value");
        $_ENV[$key] = $_SERVER[$key] = $value;
    }

    /** Arms faults for the next requests of `$target` ('*', a task, 'task@vN' or a hash). */
    protected function ulcasFault(string $target, string ...$faults): void
    {
        // This test's requests alone take them (paratest runs others beside it).
        $this->ulcas()->armFault($target, $faults, $this->ulcasTestId());
    }

    /** What this test's requests got so far. */
    protected function ulcasRequests(): array
    {
        return $this->ulcas()->requests($this->ulcasTestId())['requests'];
    }

    /** ulcas's words for this test's failing requests, or null. */
    private function ulcasFailure(): ?string
    {
        if ($this->ulcasTest === null || $this->ulcasServer === null) {
            return null;
        }
        $failing = array_values(array_filter(
            $this->ulcasServer->requests($this->ulcasTest)['requests'],
            fn (array $r): bool => in_array($r['status'], Server::FAILING, true)
        ));
        return $failing === [] ? null : Server::failureMessage($failing);
    }

    protected function assertPostConditions(): void
    {
        parent::assertPostConditions();
        $failure = $this->ulcasFailure();
        if ($failure !== null) {
            throw new AssertionFailedError($failure);
        }
    }

    protected function onNotSuccessfulTest(\Throwable $t): never
    {
        $failure = $t instanceof AssertionFailedError ? null : $this->ulcasFailure();
        if ($failure !== null) {
            throw new AssertionFailedError($failure . "\n(the client said: " . $t->getMessage() . ')', 0, $t);
        }
        throw $t;
    }
}
