<?php

declare(strict_types=1);

namespace Ulcas\Kit;

/** ulcas could not be found, started or asked. */
final class UlcasException extends \RuntimeException
{
}
