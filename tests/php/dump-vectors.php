<?php

// Test harness: builds stand-ins of the app's DriverRequest and ContentBlock (same public
// readonly properties) from request dumps, and writes them with UlcasDump::write.
// Usage: ULCAS_DUMP_DIR=out php dump-vectors.php plain|hook REQUEST.json…

require __DIR__ . '/UlcasDump.php';

final class ContentBlock
{
    public function __construct(
        public readonly string $type,
        public readonly string $text = '',
        public readonly ?string $data = null,
        public readonly string $mediaType = 'text/plain',
        public readonly bool $cache = false,
    ) {
    }
}

final class DriverRequest
{
    public function __construct(
        public readonly string $task,
        public readonly string $promptId,
        public readonly int $promptVersion,
        public readonly string $profile,
        public readonly string $model,
        public readonly string $effort,
        public readonly int $maxTokens,
        public readonly string $system,
        public readonly array $blocks,
        public readonly array $schema,
        public readonly string $cacheTtl = '1h',
        public readonly ?string $fallbacks = null,
        public readonly array $turns = [],
    ) {
    }
}

$mode = $argv[1];
foreach (array_slice($argv, 2) as $i => $path) {
    $d = json_decode(file_get_contents($path), true, 512, JSON_THROW_ON_ERROR);
    $blocks = [];
    foreach ($d['blocks'] ?? [] as $b) {
        $blocks[] = $b['type'] === 'document'
            ? new ContentBlock('document', '', $b['data'], $b['mediaType'] ?? $b['media_type'] ?? 'application/pdf')
            : new ContentBlock('text', $b['text']);
    }
    $request = new DriverRequest(
        $d['task'],
        $d['promptId'] ?? $d['prompt_id'] ?? '',
        $d['promptVersion'] ?? $d['prompt_version'],
        'default',
        'model-x',
        'medium',
        1000,
        'system prompt',
        $blocks,
        $d['schema'],
        turns: array_map(fn ($t) => ['role' => $t['role'], 'text' => $t['text']], $d['turns'] ?? []),
    );
    $name = pathinfo($path, PATHINFO_FILENAME);
    if ($mode === 'hook') {
        // The file name carries the key in the app; here the vector's name stands in for it.
        UlcasDump::write($request, $name);
    } else {
        // json_encode with PHP's default flags: escaped slashes and Unicode, no ".0".
        file_put_contents(getenv('ULCAS_DUMP_DIR') . "/{$name}.json", json_encode($request, JSON_THROW_ON_ERROR));
    }
}
