<?php

// The kit's classes without composer (with composer, its autoload section does this).
spl_autoload_register(static function (string $class): void {
    if (str_starts_with($class, 'Ulcas\\Kit\\')) {
        $file = __DIR__ . '/' . str_replace('\\', '/', substr($class, strlen('Ulcas\\Kit\\'))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});

// No real API by accident (with composer, its `files` section does this).
require __DIR__ . '/guard.php';
