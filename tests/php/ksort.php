<?php

// PHP's own ksort order of key sets, for the ksort compatibility vectors.
// Input: one JSON object per line (member names are the keys, in input order).
// Output: one JSON line per input, {"keys": [...input keys...], "sorted": [...keys in ksort order...]}.

while (($line = fgets(STDIN)) !== false) {
    $line = trim($line);
    if ($line === '') {
        continue;
    }
    $array = json_decode($line, true, 512, JSON_THROW_ON_ERROR);
    $keys = array_map('strval', array_keys($array));
    ksort($array);
    $sorted = array_map('strval', array_keys($array));
    echo json_encode(['keys' => $keys, 'sorted' => $sorted], JSON_THROW_ON_ERROR | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES), "\n";
}
