<?php

// PHP's own json_encode of doubles, for the float compatibility vectors.
// Input: one number per line, as JSON number text (17 significant digits: it round-trips).
// Output: one JSON line per input, {"in": "<the text>", "php": "<json_encode of the double>"}.

while (($line = fgets(STDIN)) !== false) {
    $line = trim($line);
    if ($line === '') {
        continue;
    }
    $value = json_decode($line, false, 512, JSON_THROW_ON_ERROR);
    if (!is_float($value)) {
        $value = (float) $value;
    }
    echo json_encode(['in' => $line, 'php' => json_encode($value)]), "\n";
}
