<?php
// Autoloads the official Anthropic PHP SDK as tests/php/app-driver.php needs it: the copied SDK
// files and PSR-7 2.x under tests/php/sdk/ (see its NOTICE), Debian's php-guzzlehttp-guzzle
// as the PSR-18 client, and the two php-http/discovery classes the SDK's client asks for,
// answered with guzzle's factories (composer would install php-http/discovery itself).

namespace Http\Discovery\Exception {
    class NotFoundException extends \RuntimeException
    {
    }
}

namespace Http\Discovery {
    final class Psr17FactoryDiscovery
    {
        public static function findUriFactory(): \GuzzleHttp\Psr7\HttpFactory
        {
            return new \GuzzleHttp\Psr7\HttpFactory();
        }

        public static function findStreamFactory(): \GuzzleHttp\Psr7\HttpFactory
        {
            return new \GuzzleHttp\Psr7\HttpFactory();
        }

        public static function findRequestFactory(): \GuzzleHttp\Psr7\HttpFactory
        {
            return new \GuzzleHttp\Psr7\HttpFactory();
        }
    }

    final class Psr18ClientDiscovery
    {
        public static function find(): \GuzzleHttp\Client
        {
            return new \GuzzleHttp\Client();
        }
    }
}

namespace {
    $sdk = __DIR__ . '/sdk';
    // Before guzzle's own autoloaders: PSR-7 2.x wins over Debian's 1.x.
    spl_autoload_register(function (string $class) use ($sdk): void {
        $roots = [
            'Anthropic\\' => "$sdk/anthropic-sdk-php/src/",
            'Psr\\Http\\Message\\' => "$sdk/http-message/src/",
            'Psr\\Http\\Client\\' => '/usr/share/php/Psr/Http/Client/',
        ];
        foreach ($roots as $prefix => $dir) {
            if (str_starts_with($class, $prefix)) {
                $file = $dir . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
                if (is_file($file)) {
                    require $file;
                }
                return;
            }
        }
    }, true, true);
    require '/usr/share/php/GuzzleHttp/autoload.php';
    require '/usr/share/php/GuzzleHttp/Psr7/autoload.php';
    require '/usr/share/php/GuzzleHttp/Promise/autoload.php';
    require "$sdk/anthropic-sdk-php/src/Version.php";
}
