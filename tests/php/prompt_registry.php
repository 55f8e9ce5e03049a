<?php
// The app's prompt reading, run under real PHP for the prompt vectors: parse() is
// PromptRegistry::parse and the version check and trim() are PromptRegistry::load, from the
// public ulams-dev/ulams repository (MIT; api/packages/ai/src/Prompts/PromptRegistry.php).
// Reads {"content": base64, "version": N} lines on stdin, writes the same lines with
// "loads" and, when it loads, "text" (base64 of what the app sends).

function parse_prompt(string $content): array
{
    if (!preg_match('/\A---\R(.*?)\R---\R?(.*)\z/s', $content, $m)) {
        return [[], $content];
    }
    $meta = [];
    foreach (preg_split('/\R/', $m[1]) ?: [] as $line) {
        if (preg_match('/^([A-Za-z0-9_]+):\s*(.*)$/', $line, $kv)) {
            $meta[$kv[1]] = trim($kv[2], " \"'");
        }
    }
    return [$meta, $m[2]];
}

while (($line = fgets(STDIN)) !== false) {
    $case = json_decode($line, true);
    $content = base64_decode($case['content']);
    $version = $case['version'];
    [$meta, $body] = parse_prompt($content);
    $loads = (int) ($meta['version'] ?? 0) === $version;
    $case['loads'] = $loads;
    if ($loads) {
        $case['text'] = base64_encode(trim($body));
    }
    echo json_encode($case, JSON_UNESCAPED_SLASHES), "\n";
}
