<?php
// The app's AnthropicDriver::send() on the official PHP SDK, as the app calls it (written for
// ulcas from the public driver, not copied): createStream with the driver's params, the
// SDK's MessageAccumulator, and the driver's wrapping of an API error as
// DriverException(missingCassette=false). Packagist is out of reach, so the SDK comes from a
// bootstrap file that autoloads it (ULCAS_PHP_SDK_BOOT; see tests/it/serve/answers.rs).
//
//   php tests/php/app-driver.php BASE_URL WIRE_BODY.json [miss]
//
// Prints `OK <id> <model> <stop reason> <text>` or `DriverException(missingCassette=false): …`.

require getenv('ULCAS_PHP_SDK_BOOT');

use Anthropic\Client;
use Anthropic\Core\Exceptions\APIException;
use Anthropic\Core\Exceptions\APIStatusException;
use Anthropic\Lib\Streaming\MessageAccumulator;

$body = json_decode(file_get_contents($argv[2]), true, 512, JSON_THROW_ON_ERROR);
if (($argv[3] ?? '') === 'miss') {
    $body['messages'][0]['content'][0]['text'] .= ' changed';
}
$params = [
    'maxTokens' => $body['max_tokens'],
    'messages' => $body['messages'],
    'model' => $body['model'],
    'system' => [['type' => 'text', 'text' => $body['system'][0]['text'], 'cacheControl' => ['type' => 'ephemeral', 'ttl' => '1h']]],
    'outputConfig' => ['effort' => 'medium', 'format' => $body['output_config']['format']],
    'requestOptions' => ['timeout' => 60.0, 'maxRetries' => 2],
];
$client = new Client(apiKey: 'dummy-key-for-ulcas', baseUrl: $argv[1]);
try {
    $stream = $client->beta->messages->createStream(...$params);
    $accumulator = MessageAccumulator::forBetaMessages();
    foreach ($stream as $event) {
        $accumulator->accumulate($event);
    }
    $m = $accumulator->message();
    echo 'OK ', $m->id, ' ', $m->model, ' ', $m->stopReason, ' ', $m->content[0]->text, "\n";
} catch (APIStatusException $e) {
    echo 'DriverException(missingCassette=false): ', sprintf('Provider error %s: %s', $e->status ?? '?', $e->getMessage()), "\n";
} catch (APIException $e) {
    echo 'DriverException(missingCassette=false): Provider unreachable: ', $e->getMessage(), "\n";
}
