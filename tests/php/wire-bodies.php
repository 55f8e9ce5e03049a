<?php
// The Messages API bodies the app's AnthropicDriver sends for request dumps, built as its
// params() builds them (written for ulcas from the wire description, not copied): the system
// text as one cached text block, the blocks as the first user message, each repair turn as a
// message, the provider form of the schema in output_config. The PHP SDK sends these PHP
// arrays through json_encode, so an empty schema object arrives as [] and floats stay floats.
//
//   php tests/php/wire-bodies.php DUMP... > tests/data/wire/bodies.jsonl
//
// The system text of a dump is "Prompt of <task> v<N>." (what the test's registry holds).

const DROPPED = ['$schema', '$id', 'title', 'examples', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum',
    'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'maxItems', 'uniqueItems', 'minProperties',
    'maxProperties', '$comment'];
const FORMATS = ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid'];

function provider(array $schema): array
{
    $out = [];
    foreach ($schema as $key => $value) {
        if (in_array($key, DROPPED, true)) {
            continue;
        }
        if ($key === 'format' && is_string($value) && !in_array($value, FORMATS, true)) {
            continue;
        }
        if ($key === 'minItems' && is_int($value) && $value > 1) {
            $value = 1;
        }
        $each = fn ($v) => is_array($v) ? array_map(fn ($s) => is_array($s) ? provider($s) : $s, $v) : $v;
        if (in_array($key, ['properties', '$defs', 'definitions', 'anyOf', 'allOf', 'oneOf', 'prefixItems'], true)) {
            $value = $each($value);
        } elseif (in_array($key, ['items', 'additionalProperties', 'not'], true) && is_array($value)) {
            $value = provider($value);
        }
        $out[$key] = $value;
    }
    if (isset($out['oneOf']) && !isset($out['anyOf'])) {
        $out['anyOf'] = $out['oneOf'];
        unset($out['oneOf']);
    }
    return $out;
}

foreach (array_slice($argv, 1) as $file) {
    $d = json_decode(file_get_contents($file), true, 512, JSON_THROW_ON_ERROR);
    $task = $d['task'];
    $version = $d['prompt_version'] ?? $d['promptVersion'];
    $content = [];
    foreach ($d['blocks'] ?? [] as $b) {
        $content[] = ($b['type'] ?? '') === 'document'
            ? ['type' => 'document', 'source' => ['type' => 'base64', 'media_type' => 'application/pdf', 'data' => (string) $b['data']]]
            : ['type' => 'text', 'text' => (string) ($b['text'] ?? '')];
    }
    $messages = [['role' => 'user', 'content' => $content]];
    foreach ($d['turns'] ?? [] as $t) {
        $messages[] = ['role' => $t['role'], 'content' => [['type' => 'text', 'text' => $t['text']]]];
    }
    $body = [
        'max_tokens' => 4096,
        'messages' => $messages,
        'model' => $d['model'] ?? 'claude-sonnet-5-5',
        'system' => [['type' => 'text', 'text' => "Prompt of {$task} v{$version}.", 'cache_control' => ['type' => 'ephemeral', 'ttl' => '1h']]],
        'output_config' => ['effort' => 'medium', 'format' => ['type' => 'json_schema', 'schema' => provider($d['schema'])]],
        'stream' => true,
    ];
    echo json_encode(['file' => basename(dirname($file)) . '/' . basename($file), 'body' => $body], JSON_THROW_ON_ERROR), "\n";
}
