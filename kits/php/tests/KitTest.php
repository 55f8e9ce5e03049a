<?php

declare(strict_types=1);

use PHPUnit\Framework\TestCase;

/**
 * The kit under PHPUnit, on the fixture project (kits/fixture): each inner run is a fresh
 * PHPUnit process with the extension registered in its phpunit.xml, its tests calling the app's
 * driver code on the official PHP SDK (tests/php/sdk of the ulcas repository, or
 * ULCAS_PHP_SDK_BOOT).
 */
final class KitTest extends TestCase
{
    private const APP_TEST = <<<'PHP'
<?php

use Anthropic\Client;
use Anthropic\Lib\Streaming\MessageAccumulator;
use PHPUnit\Framework\TestCase;
use Ulcas\Kit\UsesUlcas;

final class AppTest extends TestCase
{
    use UsesUlcas;

    /** The app's AnthropicDriver::send(): a stream, accumulated; the base URL from the environment. */
    private function send(string $name, ?string $baseUrl = null, int $retries = 0): string
    {
        $body = json_decode(file_get_contents(__DIR__ . "/bodies/$name.json"), true, 512, JSON_THROW_ON_ERROR);
        $client = new Client(apiKey: getenv('ANTHROPIC_API_KEY'), baseUrl: $baseUrl ?? getenv('ANTHROPIC_BASE_URL'));
        $stream = $client->beta->messages->createStream(
            maxTokens: $body['max_tokens'],
            messages: $body['messages'],
            model: $body['model'],
            system: [['type' => 'text', 'text' => $body['system'][0]['text'], 'cacheControl' => ['type' => 'ephemeral', 'ttl' => '1h']]],
            outputConfig: ['effort' => 'medium', 'format' => $body['output_config']['format']],
            requestOptions: ['timeout' => 60.0, 'maxRetries' => $retries],
        );
        $accumulator = MessageAccumulator::forBetaMessages();
        foreach ($stream as $event) {
            $accumulator->accumulate($event);
        }
        return $accumulator->message()->content[0]->text;
    }

    public function testHit(): void
    {
        $this->assertNotEmpty(json_decode($this->send('hit'), true)['questions']);
    }

    public function testMiss(): void
    {
        $this->assertNotEmpty($this->send('miss'));
    }

    public function testAFaultOnCue(): void
    {
        // The SDK retries an overloaded answer (529): the fault, then the cassette.
        $this->ulcasFault('quiz', 'overloaded', 'ok');
        $this->assertNotEmpty(json_decode($this->send('hit', retries: 1), true)['questions']);
    }
}
PHP;

    private const LARAVEL_TEST = <<<'PHP'
<?php

use Anthropic\Client;
use PHPUnit\Framework\TestCase;
use Ulcas\Kit\UsesUlcasForAi;

/** Laravel's config() and TestCase::setUpTraits(), as far as the trait relies on them. */
function config($key = null)
{
    static $config = ['ai.api_key' => null];
    if (is_array($key)) {
        $config = array_merge($config, $key);
        return null;
    }
    return $config[$key] ?? null;
}

abstract class LaravelLikeTestCase extends TestCase
{
    protected function setUp(): void
    {
        parent::setUp();
        foreach (class_uses($this) as $trait) {
            $method = 'setUp' . substr(strrchr('\\' . $trait, '\\'), 1);
            if (method_exists($this, $method)) {
                $this->{$method}();
            }
        }
    }
}

final class LaravelAiTest extends LaravelLikeTestCase
{
    use UsesUlcasForAi;

    public function testTheAiConfigPointsAtTheServer(): void
    {
        $this->assertSame('anthropic', config('ai.driver'));
        $this->assertTrue(config('ai.allow_network_in_tests'));
        $this->assertStringContainsString('/_ulcas/test/LaravelAiTest%3A%3AtestTheAiConfigPointsAtTheServer', config('ai.base_url'));
        // The app's driver, its base URL from config: a request the store never saw.
        $body = json_decode(file_get_contents(__DIR__ . '/bodies/miss.json'), true, 512, JSON_THROW_ON_ERROR);
        $client = new Client(apiKey: config('ai.api_key'), baseUrl: config('ai.base_url'));
        $stream = $client->beta->messages->createStream(
            maxTokens: $body['max_tokens'],
            messages: $body['messages'],
            model: $body['model'],
            system: [['type' => 'text', 'text' => $body['system'][0]['text']]],
            outputConfig: ['format' => $body['output_config']['format']],
            requestOptions: ['maxRetries' => 0],
        );
        foreach ($stream as $event) {
        }
    }
}
PHP;

    private static function kit(): string
    {
        return dirname(__DIR__);
    }

    private static function sdkBoot(): string
    {
        $given = getenv('ULCAS_PHP_SDK_BOOT');
        return ($given !== false && $given !== '') ? $given : dirname(__DIR__, 3) . '/tests/php/sdk-boot.php';
    }

    /** A copy of the fixture project with the inner tests; the inner run's exit code, output and junit report. */
    private function runInner(array $env = []): array
    {
        $dir = sys_get_temp_dir() . '/ulcas-kit-' . bin2hex(random_bytes(6));
        mkdir($dir);
        $fixture = dirname(__DIR__, 2) . '/fixture';
        $files = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($fixture, FilesystemIterator::SKIP_DOTS), RecursiveIteratorIterator::SELF_FIRST);
        foreach ($files as $file) {
            $to = $dir . substr($file->getPathname(), strlen($fixture));
            $file->isDir() ? mkdir($to) : copy($file->getPathname(), $to);
        }
        file_put_contents("$dir/AppTest.php", self::APP_TEST);
        file_put_contents("$dir/LaravelAiTest.php", self::LARAVEL_TEST);
        self::configure($dir, ['AppTest.php', 'LaravelAiTest.php']);
        [$code, $out, $junit] = self::phpunit($dir, $env);
        return [$dir, $code, $out, $junit];
    }

    /** An inner project's bootstrap (the SDK, the kit) and phpunit.xml: `$tests` with the extension. */
    private static function configure(string $dir, array $tests): void
    {
        file_put_contents("$dir/bootstrap.php", "<?php\nrequire " . var_export(self::sdkBoot(), true) . ";\nrequire " . var_export(self::kit() . '/src/autoload.php', true) . ";\n");
        $files = implode('', array_map(fn (string $t): string => "            <file>$t</file>\n", $tests));
        file_put_contents("$dir/phpunit.xml", <<<XML
<?xml version="1.0" encoding="UTF-8"?>
<phpunit bootstrap="bootstrap.php" cacheResult="false">
    <testsuites>
        <testsuite name="app">
$files        </testsuite>
    </testsuites>
    <extensions>
        <extension class="Ulcas\\Kit\\Extension"/>
    </extensions>
</phpunit>
XML);
    }

    /** The environment of an inner run: nothing of this run's but the PATH, HOME and ULCAS_BINARY. */
    private static function cleanEnv(): array
    {
        $clean = ['PATH' => getenv('PATH'), 'HOME' => getenv('HOME')];
        if (getenv('ULCAS_BINARY') !== false) {
            $clean['ULCAS_BINARY'] = getenv('ULCAS_BINARY');
        }
        return $clean;
    }

    /** An inner PHPUnit run in `$dir` (its phpunit.xml) with `$env`: exit code, output, junit report. */
    private static function phpunit(string $dir, array $env): array
    {
        @unlink("$dir/junit.xml");
        $process = proc_open(
            [PHP_BINARY, $_SERVER['argv'][0], '--log-junit', 'junit.xml'],
            [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
            $pipes,
            $dir,
            $env + self::cleanEnv(),
        );
        $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
        $code = proc_close($process);
        $junit = is_file("$dir/junit.xml") && filesize("$dir/junit.xml") > 0 ? simplexml_load_file("$dir/junit.xml") : null;
        return [$code, $out, $junit];
    }

    /** @return array<string, string> test name => '' (passed) or its failure text */
    private static function outcomes(?SimpleXMLElement $junit): array
    {
        $got = [];
        foreach ($junit?->xpath('//testcase') ?? [] as $case) {
            $failure = $case->failure ?? $case->error ?? null;
            $got[(string) $case['name']] = $failure === null ? '' : (string) $failure;
        }
        return $got;
    }

    private const EARLY_TEST = <<<'PHP'
<?php

use Anthropic\Client;
use Anthropic\Lib\Streaming\MessageAccumulator;
use PHPUnit\Framework\TestCase;

/** A test case that does not use the trait, calling a client made in the bootstrap and one made here. */
final class EarlyTest extends TestCase
{
    private static function ask(Client $client): string
    {
        $body = json_decode(file_get_contents(__DIR__ . '/bodies/hit.json'), true, 512, JSON_THROW_ON_ERROR);
        $stream = $client->beta->messages->createStream(
            maxTokens: $body['max_tokens'],
            messages: $body['messages'],
            model: $body['model'],
            system: [['type' => 'text', 'text' => $body['system'][0]['text'], 'cacheControl' => ['type' => 'ephemeral', 'ttl' => '1h']]],
            outputConfig: ['effort' => 'medium', 'format' => $body['output_config']['format']],
            requestOptions: ['timeout' => 10.0, 'maxRetries' => 0],
        );
        $accumulator = MessageAccumulator::forBetaMessages();
        foreach ($stream as $event) {
            $accumulator->accumulate($event);
        }
        return $accumulator->message()->id;
    }

    public function testAClientMadeInTheBootstrap(): void
    {
        try {
            self::ask($GLOBALS['clientMadeInTheBootstrap']);
            $this->fail('answered');
        } catch (\Anthropic\Core\Exceptions\APIConnectionException $e) {
            // The SDK's "Connection Error", caused by the guard's address: not the real API.
            $this->assertStringContainsString('127.0.0.1:9/ulcas-kit-a-client-made-before-the-kit-started-it', $e->getPrevious()?->getMessage() ?? '');
        }
    }

    public function testAClientMadeInATestWithoutTheTrait(): void
    {
        $this->assertStringStartsWith('cassette:', self::ask(new Client(apiKey: 'sk-real')));
    }
}
PHP;

    /**
     * No real API by accident: a client made in the bootstrap (before the server started) fails
     * on the guard's address, never the real API's; one made in a test without the trait is
     * answered by ulcas. With ULCAS_MODE=record the environment is the team's own.
     */
    public function testNoRealApiByAccident(): void
    {
        [$dir] = $this->runInner();
        file_put_contents("$dir/EarlyTest.php", self::EARLY_TEST);
        self::configure($dir, ['EarlyTest.php']);
        file_put_contents("$dir/bootstrap.php", "\$GLOBALS['clientMadeInTheBootstrap'] = new Anthropic\\Client(apiKey: 'sk-real');\n", FILE_APPEND);
        [, $out, $junit] = self::phpunit($dir, []);
        $got = self::outcomes($junit);
        $this->assertSame('', $got['testAClientMadeInTheBootstrap'] ?? null, $out);
        $this->assertSame('', $got['testAClientMadeInATestWithoutTheTrait'] ?? null, $out);
    }

    public function testHitsPassAMissFailsWithUlcasWordsTheJournalListsEachTest(): void
    {
        [$dir, $code, $out, $junit] = $this->runInner();
        $got = self::outcomes($junit);
        $this->assertSame(['testHit', 'testMiss', 'testAFaultOnCue', 'testTheAiConfigPointsAtTheServer'], array_keys($got), $out);
        $this->assertSame('', $got['testHit'], $out);
        $this->assertSame('', $got['testAFaultOnCue'], $out);
        $this->assertStringContainsString('ulcas miss: No cassette for task "quiz" (prompt v1) at cassettes/quiz/v1/', $got['testMiss'], $out);
        $this->assertStringContainsString('nearest recorded request', $got['testMiss']);
        // The Laravel side: the app's config points at the server, the request is attributed and its miss fails the test.
        $this->assertStringContainsString('ulcas miss: ', $got['testTheAiConfigPointsAtTheServer'], $out);
        $this->assertSame(1, $code, $out);
        $this->assertMatchesRegularExpression('/ulcas: 2 hits, 2 misses, 0 synthetic, 1 fault \(journal: /', $out);
        $journal = json_decode(file_get_contents("$dir/.ulcas/journal/journal.json"), true, 512, JSON_THROW_ON_ERROR);
        $compare = getenv('ULCAS_KIT_COMPARE_DIR');
        if ($compare !== false && $compare !== '') {
            // The three kits' journals are compared by the ulcas test suite.
            copy("$dir/.ulcas/journal/journal.json", "$compare/phpunit.json");
        }
        $byTest = [];
        foreach ($journal['requests'] as $r) {
            $byTest[$r['test']][] = $r['status'];
        }
        $this->assertSame([
            'AppTest::testHit' => ['hit'],
            'AppTest::testMiss' => ['miss'],
            'AppTest::testAFaultOnCue' => ['fault', 'hit'],
            'LaravelAiTest::testTheAiConfigPointsAtTheServer' => ['miss'],
        ], $byTest);
        $this->assertNotEmpty(glob("$dir/.ulcas/journal/requests/*.json"));
    }

    public function testSyntheticModeAnswersTheMiss(): void
    {
        [, , $out, $junit] = $this->runInner(['ULCAS_MODE' => 'synthetic']);
        $this->assertSame('', self::outcomes($junit)['testMiss'] ?? 'not run', $out);
    }

    public function testAMissingBinaryIsAnErrorThatSaysHowToInstallIt(): void
    {
        [, $code, $out] = $this->runInner(['ULCAS_BINARY' => '', 'PATH' => '/usr/bin:/bin']);
        $this->assertNotSame(0, $code);
        $this->assertStringContainsString('pip install ulcas', $out);
    }

    private const PROMPT_IN_CODE_TEST = <<<'PHP'
<?php

use Anthropic\Client;
use Anthropic\Lib\Streaming\MessageAccumulator;
use PHPUnit\Framework\TestCase;
use Ulcas\Kit\UsesUlcas;

final class TutorTest extends TestCase
{
    use UsesUlcas;

    /** The app's prompt, written in its code. */
    private const SYSTEM = 'You are a kind baking tutor. Answer with one tip.';

    public function testTip(): void
    {
        $fragment = getenv('FRAGMENT');
        $client = new Client(apiKey: getenv('ANTHROPIC_API_KEY'), baseUrl: getenv('ANTHROPIC_BASE_URL'));
        $stream = $client->beta->messages->createStream(
            maxTokens: 200,
            messages: [['role' => 'user', 'content' => "<fragment id=\"$fragment\">How long should dough proof?</fragment>"]],
            model: 'claude-sonnet-5-5',
            system: [['type' => 'text', 'text' => self::SYSTEM]],
            outputConfig: ['format' => ['type' => 'json_schema', 'schema' => [
                'type' => 'object',
                'required' => ['tip', 'fragment'],
                'properties' => ['tip' => ['type' => 'string'], 'fragment' => ['type' => 'string', 'pattern' => '^frg_[a-z0-9]{12}$']],
            ]]],
            requestOptions: ['maxRetries' => 0],
        );
        $accumulator = MessageAccumulator::forBetaMessages();
        foreach ($stream as $event) {
            $accumulator->accumulate($event);
        }
        $this->assertSame($fragment, json_decode($accumulator->message()->content[0]->text, true)['fragment']);
    }
}
PHP;

    /** Runs PHPUnit with the kit's extension on `$dir`'s TutorTest.php; exit code, output and outcomes. */
    private function runTutor(string $dir, array $env): array
    {
        self::configure($dir, ['TutorTest.php']);
        [$code, $out, $junit] = self::phpunit($dir, $env);
        return [$code, $out, self::outcomes($junit)];
    }

    /** A synthetic `ulcas serve` on an empty folder of `$dir`: the upstream a record run forwards to. */
    private static function syntheticUpstream(string $dir): array
    {
        mkdir("$dir/upstream");
        $binary = getenv('ULCAS_BINARY') ?: 'ulcas';
        $process = proc_open(
            [$binary, 'serve', 'upstream', '--mode', 'synthetic', '--listen', '127.0.0.1:0'],
            [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'w']],
            $pipes,
            $dir,
        );
        $line = (string) fgets($pipes[1]);
        if (!preg_match('/listening on (\S+)/', $line, $m)) {
            proc_terminate($process);
            throw new RuntimeException("the upstream did not start: $line");
        }
        return [$process, $m[1]];
    }

    public function testAnAppWithItsPromptInCodeRecordsReplaysAndFailsAnEdit(): void
    {
        // No prompts folder, no ulcas.toml, no headers: an empty store folder.
        $dir = sys_get_temp_dir() . '/ulcas-kit-' . bin2hex(random_bytes(6));
        mkdir("$dir/cassettes", 0777, true);
        file_put_contents("$dir/TutorTest.php", self::PROMPT_IN_CODE_TEST);
        [$upstream, $url] = self::syntheticUpstream($dir);
        try {
            [$code, $out] = $this->runTutor($dir, ['ULCAS_MODE' => 'record', 'ULCAS_UPSTREAM' => $url, 'FRAGMENT' => 'frg_aaaaaaaaaaaa']);
            $this->assertSame(0, $code, $out);
        } finally {
            proc_terminate($upstream);
            proc_close($upstream);
        }
        $this->assertCount(1, glob("$dir/cassettes/you-are-a-kind-baking-tutor/v1/*.json"), $out);
        // Replayed offline, with a fresh database's ids.
        [$code, $out] = $this->runTutor($dir, ['FRAGMENT' => 'frg_bbbbbbbbbbbb']);
        $this->assertSame(0, $code, $out);
        // One word of the prompt edited: the test fails with the words that changed.
        $test = "$dir/TutorTest.php";
        file_put_contents($test, str_replace('kind baking', 'stern baking', file_get_contents($test)));
        [$code, $out, $got] = $this->runTutor($dir, ['FRAGMENT' => 'frg_cccccccccccc']);
        $this->assertSame(1, $code, $out);
        $this->assertStringContainsString('ulcas miss: No cassette for task', $got['testTip'] ?? '', $out);
        $this->assertStringContainsString('You are a [-kind-]{+stern+} baking tutor.', $got['testTip'] ?? '', $out);
    }

    public function testAJournalFolderTheTeamHasKeepsItsFiles(): void
    {
        $team = sys_get_temp_dir() . '/ulcas-team-' . bin2hex(random_bytes(6));
        mkdir("$team/requests", 0777, true);
        file_put_contents("$team/notes.json", '{}');
        file_put_contents("$team/requests/ours.json", '{}');
        for ($run = 0; $run < 2; $run++) {
            [, , $out] = $this->runInner(['ULCAS_JOURNAL' => $team]);
            $this->assertFileExists("$team/notes.json", $out);
            $this->assertFileExists("$team/requests/ours.json", $out);
            $this->assertFileExists("$team/journal.json", $out);
        }
    }

    /**
     * PHPUnit processes running at once on one project (as paratest runs them) share one run:
     * the journal holds every process's requests, and the folder is emptied once, by the first.
     */
    public function testProcessesRunningAtOnceShareOneWholeJournal(): void
    {
        [$dir] = $this->runInner();
        $clean = self::cleanEnv();
        $running = [];
        foreach (['testHit', 'testAFaultOnCue', 'testTheAiConfigPointsAtTheServer'] as $filter) {
            $running[] = proc_open(
                [PHP_BINARY, $_SERVER['argv'][0], '--filter', $filter],
                [0 => ['file', '/dev/null', 'r'], 1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']],
                $pipes,
                $dir,
                $clean,
            );
        }
        foreach ($running as $process) {
            proc_close($process);
        }
        $journal = json_decode(file_get_contents("$dir/.ulcas/journal/journal.json"), true, 512, JSON_THROW_ON_ERROR);
        $tests = array_values(array_unique(array_map(fn (array $r): string => $r['test'], $journal['requests'])));
        sort($tests);
        $this->assertSame([
            'AppTest::testAFaultOnCue',
            'AppTest::testHit',
            'LaravelAiTest::testTheAiConfigPointsAtTheServer',
        ], $tests);
        // The earlier run's miss is gone: the folder was emptied once, for this run.
        $this->assertNotContains('AppTest::testMiss', $tests);
    }

    public function testTheSummaryAndAMissesHintSpeakTheKitsWords(): void
    {
        $this->assertSame(
            'ulcas: 2 hits, 0 misses, 0 synthetic, 1 relayed (not recorded), 2 faults, 2 errors (journal: j)',
            \Ulcas\Kit\Server::summary(['hit' => 2, 'fault' => 2, 'relayed' => 1, 'error' => 2], 'j'),
        );
        $said = \Ulcas\Kit\Server::failureMessage([['status' => 'miss', 'why' => "No cassette…\nTo record it: ulcas serve --mode record --upstream https://api.anthropic.com (with the client's key)."]]);
        $this->assertStringContainsString("To record it: ULCAS_MODE=record ULCAS_UPSTREAM=https://api.anthropic.com vendor/bin/phpunit (with the client's key).", $said);
        $this->assertStringNotContainsString('ulcas serve --mode record', $said);
    }
}
