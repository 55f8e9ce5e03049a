<?php

// Whether the reference driver keys each request dump: it decodes the dump and encodes the key
// array as CassetteStore::key does (ksort is irrelevant here). Input: one base64 dump per line.
// Output: one line per dump, "ok" or the error.

while (($line = fgets(STDIN)) !== false) {
    $dump = base64_decode(trim($line));
    $d = json_decode($dump, true);
    if (!is_array($d)) {
        echo "decode: ", json_last_error_msg(), "\n";
        continue;
    }
    $key = json_encode([$d['task'] ?? '', $d['prompt_version'] ?? 0, $d['schema'] ?? [], ''], JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES);
    echo $key === false ? "encode: " . json_last_error_msg() : "ok", "\n";
}
